#!/bin/sh
# Makes one file of labelled backgammon positions again from its seed, byte for byte:
#   data/backgammon/make.sh KIND SEED COUNT      (KIND: race or contact)
# (the kind, seed and count of each file are in this folder's README). Run from the
# repository's root; one process a core, a file each. A run stopped early leaves the first
# records of the same command with a smaller COUNT, byte for byte.
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
contact)
    # Positions of the third network's own play (choices blurred by 0.03), one move in
    # four, with beside each the play it liked second best and the one it likes best two
    # rolls ahead; each played out 324 times (the first roll stratified) until it becomes
    # a race, valued there by the race network the race files make (made again here:
    # deterministic, a few seconds), or until both sides are home.
    race=$(mktemp)
    "$trainer" --from assets/droid/backgammon3.net --reading race \
        --fit data/backgammon/race-1.z,data/backgammon/race-2.z --epochs 40 --rate 0.005 \
        --final-rate 0.0005 --seed 3 --out "$race" > /dev/null
    "$trainer" --from assets/droid/backgammon3.net --label "$count" --rollouts 324 \
        --bearoff true --race-stop "$race" --rivals true --explore 0.03 --seed "$seed" \
        --out "$raw"
    rm -f "$race"
    ;;
*)
    echo "unknown kind $kind (race or contact)" >&2
    exit 2
    ;;
esac
"$trainer" --pack "$raw" --out "data/backgammon/$kind-$seed.z"
rm -f "$raw"
sha256sum "data/backgammon/$kind-$seed.z"
