//! A component's [`Control`] as Discord carries it: a custom id `t:<table>:<turn>:<verb>`
//! (at most 100 characters, which a verb never comes near), read back when it is pressed.
//! Discord hands back whatever id a message carried, so an id this bot did not write is
//! read as nothing, and refused in words.

use crate::table::Control;

/// The custom id of a control.
pub(super) fn write(control: &Control) -> String {
    format!("t:{}:{}:{}", control.table, control.turn, control.verb)
}

/// The control a custom id names, if it is one of this bot's.
pub(super) fn read(id: &str) -> Option<Control> {
    let mut parts = id.splitn(4, ':');
    if parts.next()? != "t" {
        return None;
    }
    let table = parts.next()?.parse().ok()?;
    let turn = parts.next()?.parse().ok()?;
    Some(Control::new(table, turn, parts.next()?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn a_control_reads_back_as_written() {
        let control = Control::new(12, 4, "act:double");
        assert_eq!(write(&control), "t:12:4:act:double");
        assert_eq!(read(&write(&control)), Some(control));
        for foreign in ["", "x:1:2:accept", "t:one:2:accept", "t:1:2", "t:1:-:move"] {
            assert_eq!(read(foreign), None, "{foreign}");
        }
    }

    proptest! {
        #[test]
        fn any_id_reads_without_panicking(id in ".{0,120}") {
            if let Some(control) = read(&id) {
                prop_assert_eq!(write(&control), id);
            }
        }
    }
}
