//! A scripted Halloween Kingdoms game shared by the console and the Discord tests.

/// A whole game, Orange (alice) first, to Orange's win in all nine kingdoms (KG-7.1),
/// found by a search over the engine and replayed here as a script.
pub const WIN_LINE: &[&str] = &[
    "G@e5", "P@f6", "G@d4", "B@e6", "d4-d7", "B@d6", "G@f4", "C@f5", "f4-g4", "C@d5", "W@d4",
    "W@f4", "e5-g7", "W@e5", "W@e4", "f4-e3", "d4-d2", "G@f4", "C@d1", "G@d4", "d1-c3", "G@f3",
    "C@e1", "e3-c1", "e1-g2", "c1-d1", "d2-e2", "d1-e1", "e2-f1", "e1-g1", "f1-e2", "g1-d1",
    "A@e1", "d1-f1", "e2-c4", "f1-e2", "e1-d3", "e2-f1", "d3-d2", "f1-c1", "c4-b4", "c1-d1",
    "d2-e2", "d1-e1", "e2-d2", "e1-c1", "B@g1", "c1-d1", "d2-e2", "d1-e1", "b4-c4", "e1-d1",
    "c4-c6", "d1-e1", "g1-f1", "e1-d1", "f1-e1", "d1-f1", "e1-d2", "f1-c1", "d2-d1", "c1-e1",
    "d1-d3", "e1-d1", "d3-e3", "d1-e1", "e4-b7", "e1-d1", "e3-e4",
];
