#!/usr/bin/env bash
# Throughput at 1, 2, 4, … threads up to the machine's cores (and the core count itself),
# for the warded door and the Yeti, with the speed-up over 1 thread, from the CLI's own
# throughput line. Usage: scripts/scaling.sh [DOOR_TRIALS] [YETI_TRIALS]
# (defaults 4·10⁹ checks and 2·10⁷ fights, the README's figures). Builds oddsmith first.
set -euo pipefail
cd "$(dirname "$0")/.."
door_trials="${1:-4000000000}"
yeti_trials="${2:-20000000}"
cargo build --release --quiet
bin=target/release/oddsmith
cores=$(nproc)
counts=()
for ((t = 1; t < cores; t *= 2)); do counts+=("$t"); done
counts+=("$cores")
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for case in "warded door:scenarios/warded_door.toml:$door_trials" "Yeti:scenarios/yeti.toml:$yeti_trials"; do
  IFS=: read -r name file trials <<<"$case"
  echo "$name, $trials trials, seed 11"
  printf '%8s %12s %16s %9s\n' threads seconds trials/s speed-up
  base=""
  for t in "${counts[@]}"; do
    line=$("$bin" run "$file" --trials "$trials" --seed 11 --threads "$t" --out "$out/$t" 2>&1 >/dev/null |
      grep '^throughput:')
    secs=$(sed -E 's/.* in ([0-9.]+) s .*/\1/' <<<"$line")
    rate=$(sed -E 's/.*= ([0-9]+) trials\/s.*/\1/' <<<"$line")
    base=${base:-$rate}
    printf '%8s %12s %16s %8.2fx\n' "$t" "$secs" "$rate" "$(echo "$rate / $base" | bc -l)"
    cmp -s "$out/1/summary.json" "$out/$t/summary.json" || echo "  (summary.json differs from 1 thread's!)"
  done
  echo
done
