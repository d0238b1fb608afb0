#!/usr/bin/env python3
"""Writes the sweep matrices the benchmark runs: P5 and P6 over hingeAngle in even steps
x profile x layoutDirection x reduceTransparency x linkedSDK (48 combinations per angle),
with as many angles as it takes to reach the case count asked for.

Also writes explore-12.json: every catalogue step explored to depth 12 from launch.

Usage: generate.py OUT_DIR CASES...   (for example: generate.py /tmp/sweeps 10000 100000 1000000)
"""
import json
import sys

COMBINATIONS_PER_ANGLE = 2 * 2 * 2 * 2 * 3  # poses x profile x direction x transparency x SDK


def sweep(cases):
    angles = max(1, round(cases / COMBINATIONS_PER_ANGLE))
    step = 180.0 / angles
    return {
        "formatVersion": 1,
        "name": f"sweep {cases}",
        "axes": {
            "profile": ["device", "simulator"],
            "layoutDirection": ["leftToRight", "rightToLeft"],
            "reduceTransparency": [False, True],
            "linkedSDK": ["26", "27.0", "27.1"],
            "hingeAngle": [round(i * step, 4) for i in range(angles)],
        },
        "poses": [
            {"pose": "P5", "expect": {"display": "inner", "fold.axis": "vertical", "bars.background": {"in": [True, False]}}},
            {"pose": "P6", "expect": {"display": "inner", "hinge.status": {"!=": "none"}}},
        ],
    }


def exploration(depth):
    """The reference app's choices, every catalogue step, invariants that hold, to the given depth."""
    return {
        "formatVersion": 1,
        "name": f"explore to depth {depth}",
        "app": {
            "multipleScenes": True,
            "newWindow": {"via": "activationAction", "alternate": "showInPlace"},
            "cameraAccessory": {"registeredOn": "cameraView", "capture": "running"},
            "camera": {"uses": "virtualFront"},
        },
        "poses": [{"pose": "P1", "expect": {"display": "outer"}}],
        "explore": {
            "depth": depth,
            "invariants": [
                {"name": "content is reachable", "expect": {"content.reachable": True}},
                {"name": "the accessory only while fully open", "if": {"hinge.status": {"!=": "fullyOpen"}},
                 "expect": {"accessory.available": False}},
                {"name": "hinge effects are reset", "expect": {"hingeEffect.reset": True}},
            ],
        },
    }


def main():
    out = sys.argv[1]
    for cases in map(int, sys.argv[2:]):
        with open(f"{out}/sweep-{cases}.json", "w") as file:
            json.dump(sweep(cases), file)
    with open(f"{out}/explore-12.json", "w") as file:
        json.dump(exploration(12), file)


if __name__ == "__main__":
    main()
