"""placeholder"""
def evaluate(state, seat): return 0.0
def bot_action(state, level, rng): raise NotImplementedError
