//! A turn: a player's action, then whatever the table plays by itself until a person is to
//! act again (chance events, the droid, forced passes), each stored before the reply.

use super::fairness::rng_for;
use super::log::{LogEntry, Progress};
use super::view::Last;
use super::{Actor, Outcome, Refusal};
use crate::call::{Call, Cx};
use crate::games::{Chosen, Phrase, RulesError, Status};
use crate::ledger::tables::{LoggedAction, TableRow, TableStatus};
use crate::ledger::DROID;
use crate::play::Tables;
use crate::render::LastMove;
use crate::{t, words};

/// What [`Tables::advance`] played.
pub(crate) struct Advanced {
    /// The last move to highlight (the droid's, or a forced one), with the position before.
    pub last: Last,
    /// What happened, in order, for the reply.
    pub said: Vec<String>,
}

/// Who the table plays for next, and what.
pub(crate) enum Automatic {
    Chance(Chosen),
    Droid(usize, Chosen),
    Forced(usize, Chosen),
}

/// The action of a Roll button (see [`crate::games::Game::roller`]).
pub(crate) const ROLL: &str = "roll";

impl Tables<'_> {
    /// Seconds a player of `row` has for a move: the table's own clock (a tournament's),
    /// else the server's.
    pub(crate) fn move_clock(&self, row: &TableRow) -> Result<i64, Refusal> {
        match row.move_clock.filter(|&c| c > 0).or(row.server_clock) {
            Some(clock) => Ok(clock),
            None => Ok(self.app.ledger.economy(&row.guild)?.move_clock_secs),
        }
    }

    /// Stores a game action of `seat` (none: chance), read once at this position, and plays
    /// it on `progress` as read; the entry is in the log before anything is shown.
    pub(crate) fn record(
        &self,
        call: &Call,
        row: &mut TableRow,
        progress: &mut Progress,
        seat: Option<usize>,
        chosen: &Chosen,
    ) -> Result<(), Refusal> {
        let deadline = self.app.now() + self.move_clock(row)?;
        let entry = LogEntry::of(seat, chosen.text());
        self.record_entry_until(call, row, progress, entry, Some(chosen), deadline)?;
        Ok(())
    }

    /// Stores one log entry and plays it on `progress`, the entry in the log before
    /// anything is shown. Returns the entry as stored (a game action in canonical notation).
    pub(crate) fn record_entry(
        &self,
        call: &Call,
        row: &mut TableRow,
        progress: &mut Progress,
        entry: LogEntry,
    ) -> Result<LogEntry, Refusal> {
        let deadline = self.app.now() + self.move_clock(row)?;
        self.record_entry_until(call, row, progress, entry, None, deadline)
    }

    /// [`Tables::record_entry`] with the deadline of the next action given (a rest's end and
    /// the move clock after it); a game action already read (`chosen`, the entry its line)
    /// is played as read.
    pub(crate) fn record_entry_until(
        &self,
        call: &Call,
        row: &mut TableRow,
        progress: &mut Progress,
        entry: LogEntry,
        chosen: Option<&Chosen>,
        deadline: i64,
    ) -> Result<LogEntry, Refusal> {
        let seq = row.turn + 1;
        let mut next = progress.clone();
        let stored = match chosen {
            Some(chosen) => next.play_chosen(chosen, entry)?,
            None => next.play_entry(row, self.app.entry(row)?, entry)?,
        };
        let (seat, action) = stored.encode();
        let logged = LoggedAction { seq, seat, action };
        // A clock with a total: the seat that handed the turn on pays its time.
        let (deadline, banks) = match super::fischer::Fischer::of(row) {
            Some(clock) => {
                let mut banks = clock.banks(row);
                let (was, now_waits) = (progress.play.waiting(), next.play.waiting());
                let flag = clock.pass(&mut banks, was, now_waits, row.deadline, self.app.now());
                let banks: Vec<String> = banks.iter().map(i64::to_string).collect();
                (flag, Some(banks.join(",")))
            }
            None => (deadline, None),
        };
        let position = next.play.position();
        let after = crate::ledger::tables::After {
            position: &position,
            deadline: Some(deadline),
            clock_banks: banks.as_deref(),
        };
        self.app.ledger.record_carried_action(
            row.id,
            seq,
            &logged,
            &after,
            call.take_interaction().as_deref(),
        )?;
        row.turn = seq;
        row.deadline = Some(deadline);
        if banks.is_some() {
            row.clock_banks = banks;
        }
        *progress = next;
        self.app.remember(row.id, seq, progress);
        call.changed(row.id);
        Ok(stored)
    }

    /// The action the table plays by itself at this point, if any.
    pub(crate) fn automatic(
        &self,
        cx: Cx<'_>,
        row: &TableRow,
        progress: &Progress,
    ) -> Result<Option<Automatic>, Refusal> {
        let Cx { lang, call } = cx;
        if self.resting(progress).is_some() {
            // Nothing plays by itself while the series rests; the clock catches up after.
            return Ok(None);
        }
        let play = progress.play.as_ref();
        let seq = row.turn + 1;
        match play.status() {
            // A person's roll waits for its Roll button.
            Status::Chance if play.roller().is_some_and(|s| row.seats[s] != DROID) => Ok(None),
            Status::Chance => {
                let mut rng = rng_for(&self.app.ledger.table_seed(row.id)?, "chance", seq);
                let action = play
                    .sample(&mut rng)
                    .ok_or_else(|| Refusal::Said(t!(lang, "error-chance-empty")))?;
                Ok(Some(Automatic::Chance(action)))
            }
            Status::ToMove(seat) if row.seats[seat] == DROID => {
                let rng = rng_for(&self.app.ledger.table_seed(row.id)?, "droid", seq);
                let game = self.app.entry(row)?.info.id;
                let index = self.app.thinking.choose(
                    call,
                    game,
                    play,
                    row.terms.level,
                    row.terms.mind,
                    rng,
                )?;
                let action = play.chosen(index).ok_or_else(|| {
                    RulesError::Unsupported("the droid's choice is not listed".into())
                })?;
                Ok(Some(Automatic::Droid(seat, action)))
            }
            Status::ToMove(seat) => {
                let offered = play.offered();
                let info = self.app.entry(row)?.info;
                Ok(match offered.as_slice() {
                    [only] if info.is_forced(only) => {
                        play.chosen(0).map(|only| Automatic::Forced(seat, only))
                    }
                    _ => None,
                })
            }
            Status::Over(_) => Ok(None),
        }
    }

    /// Plays chance events, the droid's moves and forced actions until a person is to act
    /// or the game ends, storing each in the log.
    pub(crate) fn advance(
        &self,
        cx: Cx<'_>,
        row: &mut TableRow,
        progress: &mut Progress,
    ) -> Result<Advanced, Refusal> {
        let Cx { lang, call } = cx;
        let mut advanced = Advanced {
            last: None,
            said: Vec::new(),
        };
        for _ in 0..10_000 {
            let Some(next) = self.automatic(call.cx(lang), row, progress)? else {
                break;
            };
            let before = progress.play.position();
            let (seat, action) = match &next {
                Automatic::Chance(a) => (None, a),
                Automatic::Droid(s, a) | Automatic::Forced(s, a) => (Some(*s), a),
            };
            let phrase = action.phrase().cloned();
            self.record(call, row, progress, seat, action)?;
            let canonical = action.text().to_string();
            let after = progress.play.position();
            advanced
                .said
                .extend(self.narrate(lang, row, seat, &canonical, phrase, true));
            // Chance (dice) is said, but the board keeps highlighting the last move.
            if seat.is_some() {
                advanced.last = Some(LastMove::chosen(before.clone(), action));
            }
            advanced
                .said
                .extend(self.note(lang, row, progress, &before, &after));
        }
        Ok(advanced)
    }

    /// An action told in words: in the game's own words when it has them (`phrase`, from
    /// [`crate::games::Game::describe`]), else as a seat's move or chance's outcome. `only`
    /// says the table played it as the one choice. `None`: nothing to say.
    pub(crate) fn narrate(
        &self,
        lang: crate::words::Lang,
        row: &TableRow,
        seat: Option<usize>,
        action: &str,
        phrase: Option<Phrase>,
        only: bool,
    ) -> Option<String> {
        if let Some(phrase) = phrase {
            return (!phrase.id.is_empty()).then(|| self.phrase(lang, row, &phrase));
        }
        let Some(seat) = seat else {
            return Some(t!(lang, "turn-chance", outcome = action));
        };
        let who = self.app.name(&row.guild, &row.seats[seat]);
        let forced = self.app.entry(row).is_ok_and(|e| e.info.is_forced(action));
        Some(match (forced && only, action) {
            (true, "pass") => t!(lang, "turn-forced-pass", who = &who),
            (true, _) => t!(lang, "turn-forced", who = &who, action = action),
            (false, _) => t!(lang, "turn-plays", who = &who, action = action),
        })
    }

    /// Why a game ended, in `lang` when the game tells it.
    pub(crate) fn reason(
        &self,
        lang: crate::words::Lang,
        row: &TableRow,
        outcome: &crate::games::Outcome,
    ) -> String {
        match &outcome.phrase {
            Some(phrase) => self.phrase(lang, row, phrase),
            None => outcome.reason.clone(),
        }
    }

    /// A game's phrase in `lang`, with the seats' names.
    pub(crate) fn phrase(
        &self,
        lang: crate::words::Lang,
        row: &TableRow,
        phrase: &Phrase,
    ) -> String {
        words::tell(lang, phrase, |seat| {
            row.seats
                .get(seat)
                .map_or_else(String::new, |u| self.app.name(&row.guild, u))
        })
    }

    /// A game's phrase as a label, with the seats' names (told by each front end).
    pub(crate) fn label(&self, row: &TableRow, phrase: &Phrase) -> crate::words::Label {
        crate::words::Label::of_phrase(phrase, |seat| {
            row.seats
                .get(seat)
                .map_or_else(String::new, |u| self.app.name(&row.guild, u))
        })
    }

    /// The seat of `actor` that is to move at this table, or why none is.
    pub(super) fn seat_to_move(
        &self,
        actor: &Actor,
        row: &TableRow,
        progress: &Progress,
    ) -> Result<usize, Refusal> {
        let lang = actor.lang;
        if !row.seats.contains(&actor.user) {
            return Err(Refusal::Said(t!(lang, "turn-not-playing")));
        }
        if let Some(until) = self.resting(progress) {
            let (hours, minutes) = super::rest::left(until - self.app.now());
            return Err(Refusal::Said(t!(
                lang,
                "series-resting",
                hours = hours,
                minutes = minutes
            )));
        }
        let Some(seat) = progress.play.waiting() else {
            return Err(Refusal::Said(t!(lang, "turn-not-waiting")));
        };
        if row.seats[seat] != actor.user {
            return Err(Refusal::Said(t!(
                lang,
                "turn-not-yours",
                who = self.app.name(&row.guild, &row.seats[seat])
            )));
        }
        Ok(seat)
    }

    /// `/move` (and a choice from the move menu or a decision button): one action for the
    /// actor; `turn` is the turn the menu or button was shown at.
    pub(crate) fn play_action(
        &self,
        call: &Call,
        actor: &Actor,
        text: &str,
        turn: Option<i64>,
    ) -> Outcome {
        let lang = actor.lang;
        let mut row = self.active(call, actor)?;
        if row.status != TableStatus::Playing {
            return Err(Refusal::Said(t!(lang, "turn-not-started", table = row.id)));
        }
        if turn.is_some_and(|turn| turn != row.turn) {
            return Err(Refusal::Said(t!(lang, "turn-stale-menu")));
        }
        let mut progress = self.app.progress(lang, &row)?;
        let seat = self.seat_to_move(actor, &row, &progress)?;
        // A Roll press, unless rolling is a move of the game itself (backgammon's roll).
        let offered = progress.play.offered();
        if text.trim().eq_ignore_ascii_case(ROLL) && !offered.iter().any(|a| a == ROLL) {
            return self.press_roll(call, actor, row, progress, seat);
        }
        if progress.play.roller() == Some(seat) {
            return Err(Refusal::Said(t!(lang, "turn-roll-first")));
        }
        // Read once, as the game reads it; only a game action is stored for a player.
        let chosen = progress.play.read(text)?;
        let before = progress.play.position();
        let phrase = chosen.phrase().cloned();
        self.record(call, &mut row, &mut progress, Some(seat), &chosen)?;
        let canonical = chosen.text().to_string();
        let note = self.note(lang, &row, &progress, &before, &progress.play.position());
        let mut said: Vec<String> = self
            .narrate(lang, &row, Some(seat), &canonical, phrase, false)
            .into_iter()
            .chain(note)
            .collect();
        let advanced = self.advance(call.cx(lang), &mut row, &mut progress)?;
        said.extend(advanced.said);
        let text = said.join(" ");
        let last = advanced
            .last
            .or_else(|| Some(LastMove::chosen(before, &chosen)));
        self.after_turn(call.cx(lang), &actor.guild, row, progress, last, text)
    }

    /// The Roll button (or `/move roll`): the decision the game plays before a roll when
    /// it is open (D-Zone's waive), then the roll the game waits for, drawn from the table's
    /// seed exactly as the table draws other chance, then whatever follows by itself.
    fn press_roll(
        &self,
        call: &Call,
        actor: &Actor,
        mut row: TableRow,
        mut progress: Progress,
        seat: usize,
    ) -> Outcome {
        let lang = actor.lang;
        let mut said = Vec::new();
        let mut last = None;
        let skip = self.app.entry(&row)?.info.before_roll;
        if let Some(first) = skip.filter(|a| progress.play.offered().iter().any(|l| l == a)) {
            let before = progress.play.position();
            let chosen = progress.play.read(first)?;
            let phrase = chosen.phrase().cloned();
            self.record(call, &mut row, &mut progress, Some(seat), &chosen)?;
            let canonical = chosen.text().to_string();
            said.extend(self.narrate(lang, &row, Some(seat), &canonical, phrase, false));
            last = Some(LastMove::chosen(before, &chosen));
        }
        if progress.play.roller() != Some(seat) {
            return Err(Refusal::Said(t!(lang, "turn-no-roll")));
        }
        let seq = row.turn + 1;
        let mut rng = rng_for(&self.app.ledger.table_seed(row.id)?, "chance", seq);
        let roll = progress
            .play
            .sample(&mut rng)
            .ok_or_else(|| Refusal::Said(t!(lang, "error-chance-empty")))?;
        let before = progress.play.position();
        let phrase = roll.phrase().cloned();
        self.record(call, &mut row, &mut progress, None, &roll)?;
        let canonical = roll.text().to_string();
        said.extend(self.narrate(lang, &row, None, &canonical, phrase, false));
        said.extend(self.note(lang, &row, &progress, &before, &progress.play.position()));
        let advanced = self.advance(call.cx(lang), &mut row, &mut progress)?;
        said.extend(advanced.said);
        let text = said.join(" ");
        self.after_turn(
            call.cx(lang),
            &actor.guild,
            row,
            progress,
            advanced.last.or(last),
            text,
        )
    }

    /// The reply after a turn: the end of the game, or the board for the next player.
    pub(crate) fn after_turn(
        &self,
        cx: Cx<'_>,
        guild: &str,
        row: TableRow,
        progress: Progress,
        last: Last,
        mut text: String,
    ) -> Outcome {
        let Cx { lang, call } = cx;
        if let Status::Over(_) = progress.play.status() {
            return self.game_over(call.cx(lang), guild, row, progress, last, text);
        }
        text.push(' ');
        text.push_str(&self.turn_line(lang, &row, &progress));
        Ok(vec![self.board_reply(lang, &row, &progress, last, text)?])
    }

    /// `/double` and any other slash command that plays a game's decision.
    pub(crate) fn command_decision(&self, call: &Call, actor: &Actor, command: &str) -> Outcome {
        let lang = actor.lang;
        let row = self.active(call, actor)?;
        let info = self.app.entry(&row)?.info;
        match info.decision_of_command(command) {
            Some(decision) => self.play_action(call, actor, decision.action, None),
            None => Err(Refusal::Said(t!(
                lang,
                "command-not-in-game",
                game = crate::words::game_name(lang, &info),
                command = command
            ))),
        }
    }

    /// `/board`: the current board again.
    pub(crate) fn board(&self, call: &Call, actor: &Actor) -> Outcome {
        let lang = actor.lang;
        let row = self.active(call, actor)?;
        if row.status != TableStatus::Playing {
            return Ok(vec![self.waiting_reply(lang, &row)?]);
        }
        let progress = self.app.progress(lang, &row)?;
        let text = t!(
            lang,
            "board-again",
            table = row.id,
            turn = self.turn_line(lang, &row, &progress)
        );
        Ok(vec![self.board_reply(lang, &row, &progress, None, text)?])
    }

    /// The active table of the actor's channel: the one read at the call's start, the
    /// first time a call asks, else read now.
    pub(crate) fn active(&self, call: &Call, actor: &Actor) -> Result<TableRow, Refusal> {
        let row = match call.take_active() {
            Some(row) => row,
            None => self
                .app
                .ledger
                .active_table_for(&actor.guild, &actor.channel, &actor.user)?,
        };
        row.ok_or_else(|| Refusal::Said(t!(actor.lang, "table-none")))
    }

    /// Autocomplete for `/move action`: legal actions matching what was typed, best first.
    /// A member's keystrokes are rate-limited like commands: past the limit (a script, not
    /// a person typing) they are offered nothing until it refills.
    pub(crate) fn autocomplete(&self, actor: &Actor, typed: &str) -> Vec<String> {
        let now = self.app.now();
        if self
            .app
            .cooldowns
            .take(SUGGEST, &actor.guild, &actor.user, "", now)
            .is_err()
        {
            return Vec::new();
        }
        self.suggest(actor, typed)
    }

    fn suggest(&self, actor: &Actor, typed: &str) -> Vec<String> {
        let lang = actor.lang;
        let Ok(Some(row)) =
            self.app
                .ledger
                .active_table_for(&actor.guild, &actor.channel, &actor.user)
        else {
            return Vec::new();
        };
        if row.status != TableStatus::Playing {
            return Vec::new();
        }
        let Ok(progress) = self.app.progress(lang, &row) else {
            return Vec::new();
        };
        match progress.play.status() {
            Status::ToMove(seat) if row.seats.get(seat) == Some(&actor.user) => {}
            _ => return Vec::new(),
        }
        let mut found = matching(&progress.play.offered(), typed);
        // A whole legal action typed in any notation is offered in its canonical form,
        // even where the menu lists only some (Zatak's free set-up).
        if let Ok(canonical) = progress.play.normalize(typed) {
            if !found.contains(&canonical) {
                found.insert(0, canonical);
                found.truncate(25);
            }
        }
        found
    }
}

/// How fast a member's keystrokes are answered: forty in a row, then one a second.
const SUGGEST: crate::cooldown::Rate = crate::cooldown::Rate {
    bucket: "autocomplete",
    burst: 40,
    every: 1,
    refusals: false,
};

/// The actions in which every word typed appears, in any order (`13/9 24/18` finds
/// `24/18 13/9`); actions that start with what was typed come first; at most 25.
fn matching(legal: &[String], typed: &str) -> Vec<String> {
    if typed.trim().is_empty() {
        return legal.iter().take(25).cloned().collect();
    }
    let squash = |s: &str| {
        s.chars()
            .filter(|c| !c.is_whitespace() && *c != '-')
            .flat_map(char::to_lowercase)
            .collect::<String>()
    };
    let words: Vec<String> = typed.split_whitespace().map(squash).collect();
    let whole = squash(typed);
    let matches = |a: &String| {
        let a = squash(a);
        words.iter().all(|w| a.contains(w.as_str()))
    };
    let (mut first, rest): (Vec<String>, Vec<String>) = legal
        .iter()
        .filter(|a| matches(a))
        .cloned()
        .partition(|a| squash(a).starts_with(&whole));
    first.extend(rest);
    first.truncate(25);
    first
}
