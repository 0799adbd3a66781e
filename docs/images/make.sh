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
# A double diagonal exit (DJ-3.5): o5-i3 through i4, with i5, o4, i4 and i3 empty.
$H render --game dejarik --state "i3,o6,o7,o8/o1,o2,o11,o12/b:-" --names Chewbacca,R2-D2 \
  --last-move o5-i3 --before "o5,o6,o7,o8/o1,o2,o11,o12/w:-" --out docs/images/dejarik-double-diagonal.png
# Kill beats augmentation (DJ-4.4, DJ-7.3): o5-i6 is in front of White's o6 and beside Black's i7.
$H render --game dejarik --state "i6,o6,o9,o10/o1,o2,o12/b:-" --names Chewbacca,R2-D2 \
  --last-move o5-i6 --before "o5,o6,o9,o10/i7,o1,o2,o12/w:-" --out docs/images/dejarik-kill-first.png
# The victim wins (DJ-5.3b): White kills i8 and leaves Black three in a row on i1-i3, 0-1.
$H render --game dejarik --state "i7,o9,o10,o11/i1,i2,i3/b:-" --names Chewbacca,R2-D2 \
  --last-move o6-i7 --before "o6,o9,o10,o11/i1,i2,i3,i8/w:-" --out docs/images/dejarik-victim-wins.png
# The start: the nine kingdoms and both reserves (KG-1.2, KG-2.2).
$H render --game kingdoms --state "9/9/9/9/9/9/9/9/9 GGGWWCCBBPAAgggwwccbbpaa o -/-" \
  --names Chewbacca,R2-D2 --out docs/images/kingdoms-start.png
# A Ghost in grace: Orange's lone Ghost in K5 beside Purple's new Assassin (KG-6.5, KG-8.6).
$H render --game kingdoms --state "9/9/9/5a3/4G4/9/9/9/9 GGWWCCBBPAAgggwwccbbpa o -/-" \
  --names Chewbacca,R2-D2 --last-move A@f6 \
  --before "9/9/9/9/4G4/9/9/9/9 GGWWCCBBPAAgggwwccbbpaa p -/-" --out docs/images/kingdoms-grace.png
# The win: Orange's Ghost enters K5, the last kingdom Orange lacked (KG-7.1).
$H render --game kingdoms --state "9/9/2GgWwC2/2w1G1c2/2B3P2/2c3b2/2AgWpC2/9/9 GBAgbaa p -/-" \
  --names Chewbacca,R2-D2 --last-move d8-e6 \
  --before "9/3G5/2GgWwC2/2w3c2/2B3P2/2c3b2/2AgWpC2/9/9 GBAgbaa o -/-" --out docs/images/kingdoms-win.png
ZK_START="b1=4,c1=2,d1=1,d2=5,e1=3,f1=6/b5=6,c6=3,d6=5,d7=1,e6=2,f5=4"
# The start of play after both players' setup 123456 (ZK-6.1).
$H render --game zatak --state "$ZK_START/-/w/play" --names Chewbacca,R2-D2 \
  --out docs/images/zatak-start.png
# White's first move takes three dice, turning after each capture (ZK-3.5, ZK-3.6).
$H render --game zatak --state "b1=4,c1=2,d1=1,d2=5,d6=6,e1=3/b5=6,c6=3,d7=1/-/r/play" \
  --names Chewbacca,R2-D2 --last-move f1-xf5-xe6-xd6 --before "$ZK_START/-/w/play" \
  --out docs/images/zatak-capture.png
# Take-face (ZK-6.7, ZK-7.4): the 5 from g1 takes a 2 on g2 and ends on c5 showing 2.
$H render --game zatak --options '{"takeface":true}' --state "c5=2,f1=1,f2=3/a4=6,b5=4/-/r/play" \
  --names Chewbacca,R2-D2 --last-move g1-xg2-c5 --before "f1=1,f2=3,g1=5/a4=6,b5=4,g2=2/-/w/play" \
  --out docs/images/zatak-takeface.png
# Three obstacles on c4, d5 and e3 at the start of play (ZK-7.2).
$H render --game zatak --options '{"obstacles":3}' --state "$ZK_START/c4,d5,e3/w/play" \
  --names Chewbacca,R2-D2 --out docs/images/zatak-obstacles.png
# D-Zone: DZ-7.1's set-up done (steel on 34 and 61), Red's first roll names the target 22.
$H render --game dzone --state "....../....../..S.../....../....../.....S R6,G6 R choose:22 0 0" \
  --names Chewbacca,R2-D2 --out docs/images/dzone-start.png
# D-Zone: DZ-7.5's steel lifted from 25, in Red's hand until the next roll (DZ-4.5).
$H render --game dzone --state "...R../....../....../....SG/..G.../R..... R3:GG,G2:R R steel:25 20 1" \
  --names Chewbacca,R2-D2 --last-move "roll 2 5" \
  --before "...R../.S..../....../....SG/..G.../R..... R3:GG,G2:R R roll 20 1" \
  --out docs/images/dzone-steel.png
# D-Zone: DZ-7.6's roll 4 2 takes Green's last marble: Green is out, Red plays on 42.
$H render --game dzone \
  --state "S...../...RB./.B..../..S.../.R..../.....S R1:GGGGBB,g0,B2:RRRGG R choose:42 30 a" \
  --names Chewbacca,R2-D2,Leia --last-move "roll 4 2" \
  --before "S...../...RB./.B..../..S.../.R.G../.....S R1:GGGBB,G0,B2:RRRGG R roll 30 1" \
  --out docs/images/dzone-out.png
# Backgammon: White doubles to 2 in a match to 5 (BG-5.2); a 6-5 bears two checkers off
# the 4-point (BG-3.6); a gammon that brings White to 4-1, so the next game is Crawford (BG-5.3).
$H render --game backgammon --options '{"length":5}' --state "2M4NBwBsdw4GAA:MBmgABAAEAAE" \
  --names Chewbacca,R2-D2 --last-move double --before "2M4NBwBsdw4GAA:MAGgABAAEAAE" \
  --out docs/images/backgammon-double.png
$H render --game backgammon --options '{"length":5}' --state "7QAAAOyemwAAAA:cAmgACAACAAE" \
  --names Chewbacca,R2-D2 --last-move "4/off(2)" --before "2D03AQDtBgAAAA:MAG3ACAACAAE" \
  --out docs/images/backgammon-bearoff.png
$H render --game backgammon --options '{"length":5}' --state "AAAAsHtuAgAAAA:8AqgAEAACAAE" \
  --names Chewbacca,R2-D2 --last-move "1/off" --before "2D03AQABAAAAAA:MAGlACAACAAE" \
  --out docs/images/backgammon-gammon.png
