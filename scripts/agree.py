#!/usr/bin/env python3
"""Do two builds play the same game? Runs one scenario through two oddsmith binaries with
different seeds and compares every metric: each difference over its standard error (taken
from the two 95% intervals' half-widths, Wilson or delta-method as printed). A change in how
dice are drawn must leave every |z| small (about 4.5 at most over a few hundred metrics).

usage: scripts/agree.py OLD_BINARY NEW_BINARY SCENARIO [TRIALS]"""
import json, math, subprocess, sys, tempfile

old, new, scenario = sys.argv[1:4]
trials = sys.argv[4] if len(sys.argv) > 4 else "2000000"


def run(binary, seed):
    with tempfile.TemporaryDirectory() as out:
        text = subprocess.run(
            [binary, "run", scenario, "--trials", trials, "--seed", seed, "--json", "--quiet",
             "--out", out], check=True, capture_output=True, text=True).stdout
    return {m["metric"]: m for m in json.loads(text)["metrics"]}


a, b = run(old, "101"), run(new, "202")
worst = []
for name, ma in a.items():
    mb = b.get(name)
    if mb is None:
        print(f"{name}: missing in the new build")
        continue
    se = lambda m: (m["ci_high"] - m["ci_low"]) / (2 * 1.96)
    s = math.hypot(se(ma), se(mb))
    if s == 0:
        z = 0.0 if ma["estimate"] == mb["estimate"] else float("inf")
    else:
        z = (mb["estimate"] - ma["estimate"]) / s
    worst.append((abs(z), name, ma["estimate"], mb["estimate"]))
worst.sort(reverse=True)
print(f"{scenario}: {len(worst)} metrics, {trials} trials each; largest |z|:")
for z, name, x, y in worst[:5]:
    print(f"  {name}: {x:.6g} vs {y:.6g}, |z| = {z:.2f}")
