#!/bin/sh
# Makes one file of labelled backgammon positions again from its seed, byte for byte:
#   data/backgammon/make.sh race SEED COUNT
# (the kind, seed and count of each file are in this folder's README). Run from the
# repository's root; one process a core, a file each.
set -eu
kind=$1 seed=$2 count=$3
cargo build --release --example train_backgammon
trainer=target/release/examples/train_backgammon
raw=$(mktemp)
case $kind in
race)
    # Races from the third network's own play (its choices blurred by 0.03), each played
    # out 1,296 times (the first two rolls stratified) to where both sides are home, then
    # valued by the exact bear-off database.
    "$trainer" --from assets/droid/backgammon3.net --label "$count" --rollouts 1296 \
        --races true --bearoff true --explore 0.03 --seed "$seed" --out "$raw"
    ;;
*)
    echo "unknown kind $kind (race)" >&2
    exit 2
    ;;
esac
"$trainer" --pack "$raw" --out "data/backgammon/$kind-$seed.z"
rm -f "$raw"
sha256sum "data/backgammon/$kind-$seed.z"
