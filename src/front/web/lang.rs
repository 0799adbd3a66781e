//! The language of a page: the browser's `Accept-Language` chooses between the languages the
//! bot speaks, by the weights the browser gives them.

use crate::words::Lang;

/// The language a browser prefers among English and French (English when it names
/// neither). `fr-CA;q=0.8, en;q=0.5` is French; `de, en;q=0.3` is English.
pub fn from_accept_language(header: &str) -> Lang {
    let mut best: Option<(f32, Lang)> = None;
    for part in header.split(',').take(32) {
        let mut fields = part.split(';');
        let tag = fields.next().unwrap_or("").trim().to_ascii_lowercase();
        let q = fields
            .find_map(|f| f.trim().strip_prefix("q="))
            .map_or(Some(1.0), |q| q.trim().parse::<f32>().ok())
            .filter(|q| q.is_finite() && (0.0..=1.0).contains(q))
            .unwrap_or(0.0);
        let lang = match tag.split('-').next() {
            Some("fr") => Lang::Fr,
            Some("en") => Lang::En,
            _ => continue,
        };
        if q > 0.0 && best.is_none_or(|(b, _)| q > b) {
            best = Some((q, lang));
        }
    }
    best.map_or(Lang::En, |(_, lang)| lang)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_heaviest_known_language_wins() {
        assert_eq!(from_accept_language("fr-FR,fr;q=0.9,en;q=0.8"), Lang::Fr);
        assert_eq!(from_accept_language("en-US,en;q=0.9,fr;q=0.8"), Lang::En);
        assert_eq!(from_accept_language("de-DE, fr;q=0.7, en;q=0.3"), Lang::Fr);
        assert_eq!(from_accept_language("de, en;q=0.3"), Lang::En);
        assert_eq!(from_accept_language("en;q=0.2, fr;q=0.5"), Lang::Fr);
        // The first of equal weights.
        assert_eq!(from_accept_language("fr, en"), Lang::Fr);
    }

    #[test]
    fn junk_is_english() {
        for junk in [
            "", "*", ";;;", "fr;q=abc", "fr;q=0", "fr;q=NaN", "fr;q=7", "\u{0}",
        ] {
            assert_eq!(from_accept_language(junk), Lang::En, "{junk:?}");
        }
    }
}
