#!/usr/bin/env bash
# Regenerates the example images of the README with `holotable render`.
set -euo pipefail
cd "$(dirname "$0")/../.."
H="cargo run -q --release --"
START="o5,o6,o7,o8/o1,o2,o11,o12/w:wb"
GAME="o5-C,o1-i1,C-o5,o11-C,o8-i10,C-o8,o7-i4,o12-i11,o6-C,o8-i6,C-o9,o2-i2,i4-o4,i2-o2,o5-i2,i11-o11,o9-i10,o11-i1"
$H render --game dejarik --state "$START" --names Chewbacca,R2-D2 --out docs/images/dejarik-start.png
$H render --game dejarik --state "i10,o6,o7,o8/o1,o2,o11,o12/b:-" --names Chewbacca,R2-D2 \
  --last-move o5-i10 --before "o5,o6,o7,o8/o1,o2,o11,o12/w:-" --out docs/images/dejarik-augmentation.png
$H render --game dejarik --state "i6,o4,o9,o10/C,o1,o12/b:-" --names Chewbacca,R2-D2 \
  --last-move o3-i6 --before "o3,o4,o9,o10/i7,o12,o1,C/w:-" --out docs/images/dejarik-kill.png
$H render --game dejarik --state "i1,i2,i3,i4/o7,o8,o9/b:-" --names Chewbacca,R2-D2 \
  --last-move o4-i4 --before "i1,i2,i3,o4/o7,o8,o9/w:-" --out docs/images/dejarik-win.png
$H render --game dejarik --state "$START" --names Chewbacca,R2-D2 --replay "$GAME" \
  --out docs/images/dejarik-replay.gif
# Backgammon: White's opening 6-1 made the 7 point; a hit in a match to 7.
$H render --game backgammon --options '{"length":5}' --state "4NvgATDgc/ABMA:cAmgAAAAAAAE" \
  --names Chewbacca,R2-D2 --last-move "13/7 8/7" --before "4HPwATDgc/ABMA:MAGnAAAAAAAE" \
  --out docs/images/backgammon-opening.png
$H render --game backgammon --options '{"length":7}' --state "MXOaBSDg8+AARg:MAHgACAAAAAE" \
  --names Chewbacca,R2-D2 --last-move "13/10 6/1*" --before "4PPgACaYc8wFIA:cInuACAAAAAE" \
  --out docs/images/backgammon-hit.png
# Halloween Kingdoms: a Witch alone in K5 beside Purple's Assassin (KG-8.5), and its answer.
$H render --game kingdoms --state "9/7P1/6g2/5a3/4W4/9/9/9/9 GGGWCCBBAAggwwccbbpa o -/-" \
  --names Chewbacca,R2-D2 --out docs/images/kingdoms-threat.png
$H render --game kingdoms --state "9/7P1/4W1g2/5a3/9/9/9/9/9 GGGWCCBBAAggwwccbbpa p -/-" \
  --names Chewbacca,R2-D2 --last-move e5-e7 \
  --before "9/7P1/6g2/5a3/4W4/9/9/9/9 GGGWCCBBAAggwwccbbpa o -/-" --out docs/images/kingdoms-answer.png
# D-Zone: a claim window of four players, and DZ-7.2's move taking two marbles.
$H render --game dzone \
  --state "S..Y.R/...R.S/.B..../..S.Y./.RGG../.....S R1:GY,G3:B,B4,Y3:RR G claim:44:22,45,66 9 1" \
  --names Chewbacca,R2-D2,Leia,Lando --out docs/images/dzone-claim.png
$H render --game dzone --state "S....R/...R../.B.R../..S.../....../.....S R3:GGG,G3,B5 G roll 10 0" \
  --names Chewbacca,R2-D2,Leia --last-move "move 22-42-44" \
  --before "S....R/...R../.B..../..S.../.RGG../.....S R3:G,G3,B5 R choose:44 9 0" \
  --out docs/images/dzone-move.png
