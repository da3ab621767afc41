#!/bin/sh
# A castletui bot in shell, with jq (https://jqlang.github.io/jq/): one jq
# reads castletui's JSON lines and answers each decision with one of its
# choices, picked by the move number (no randomness in jq).
#
#   castletui new castlecards --players 2 --seat 2=exec:examples/bots/ply_bot.sh
exec jq --unbuffered --compact-output \
  'select(.type == "decision") | {choose: .choices[.ply % (.choices | length)].id}'
