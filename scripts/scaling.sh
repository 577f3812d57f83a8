#!/usr/bin/env bash
# Throughput at 1, 2, 4, … threads up to the machine's cores (and the core count itself),
# for the warded door, the Yeti and the ogre in the mill, with the speed-up over 1 thread,
# from the CLI's own throughput line, checking that summary.json is the same at every count.
# Beside each count it runs as many independent 1-thread processes at once, each with its
# share of the trials: their combined rate is what the machine gives that many busy cores
# (clock, shared caches, neighbours), so `runner` (threaded rate over that) shows how much of
# the loss is the runner's own.
# Usage: scripts/scaling.sh [DOOR_TRIALS] [YETI_TRIALS] [OGRE_TRIALS]
# (defaults 8·10⁹ checks, 10⁸ and 1.6·10⁷ fights, the README's figures). Builds oddsmith
# first, unless ODDSMITH_BIN names a binary already built (a machine without cargo).
set -euo pipefail
cd "$(dirname "$0")/.."
door_trials="${1:-8000000000}"
yeti_trials="${2:-100000000}"
ogre_trials="${3:-16000000}"
if [[ -z "${ODDSMITH_BIN:-}" ]]; then
  cargo build --release --quiet
fi
bin="${ODDSMITH_BIN:-target/release/oddsmith}"
cores=$(nproc)
counts=()
for ((t = 1; t < cores; t *= 2)); do counts+=("$t"); done
counts+=("$cores")
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
echo "$(nproc) cores: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')"
for case in "warded door:scenarios/warded_door.toml:$door_trials" \
  "Yeti:scenarios/yeti.toml:$yeti_trials" \
  "ogre in the mill:scenarios/ogre_in_the_mill.toml:$ogre_trials"; do
  IFS=: read -r name file trials <<<"$case"
  echo "$name, $trials trials, seed 11"
  printf '%8s %12s %16s %9s %16s %9s %7s\n' threads seconds trials/s speed-up \
    'N processes/s' speed-up runner
  base=""
  base_procs=""
  rm -rf "${out:?}"/*
  for t in "${counts[@]}"; do
    line=$("$bin" run "$file" --trials "$trials" --seed 11 --threads "$t" --out "$out/$t" 2>&1 >/dev/null |
      grep '^throughput:')
    secs=$(sed -E 's/.* in ([0-9.]+) s .*/\1/' <<<"$line")
    rate=$(sed -E 's/.*= ([0-9]+) trials\/s.*/\1/' <<<"$line")
    base=${base:-$rate}
    # t processes of one thread, trials/t each, at once: trials over the slowest one's time.
    share=$((trials / t))
    for ((p = 0; p < t; p++)); do
      "$bin" run "$file" --trials "$share" --seed "$((11 + p))" --threads 1 --out "$out/p$p" \
        2>"$out/p$p.log" >/dev/null &
    done
    wait
    slowest=$(cat "$out"/p*.log | grep '^throughput:' | sed -E 's/.* in ([0-9.]+) s .*/\1/' | sort -g | tail -1)
    rm -rf "$out"/p*
    procs=$(awk -v n="$share" -v t="$t" -v s="$slowest" 'BEGIN { printf "%.0f", n * t / s }')
    base_procs=${base_procs:-$procs}
    printf '%8s %12s %16s %8.2fx %16s %8.2fx %6.0f%%\n' "$t" "$secs" "$rate" \
      "$(awk -v r="$rate" -v b="$base" 'BEGIN { print r / b }')" "$procs" \
      "$(awk -v r="$procs" -v b="$base_procs" 'BEGIN { print r / b }')" \
      "$(awk -v r="$rate" -v p="$procs" 'BEGIN { print 100 * r / p }')"
    cmp -s "$out/1/summary.json" "$out/$t/summary.json" || echo "  (summary.json differs from 1 thread's!)"
  done
  echo
done
