"""Where the packages are: the app in castletui/, and the rules and saves
layers in their own top-level folders (the design's layout), installed as
castletui.rules and castletui.saves so castletui puts no other top-level
name in site-packages (PyPI's django-rules is also imported as ``rules``).
Everything else about the project is in pyproject.toml."""

from setuptools import find_namespace_packages, setup

LAYERS = ("rules", "saves")

packages = find_namespace_packages(include=["castletui", "castletui.*"], exclude=["*.__pycache__"])
for layer in LAYERS:
    packages += [
        f"castletui.{name}"
        for name in find_namespace_packages(include=[layer, f"{layer}.*"], exclude=["*.__pycache__"])
    ]

setup(packages=packages, package_dir={f"castletui.{layer}": layer for layer in LAYERS})
