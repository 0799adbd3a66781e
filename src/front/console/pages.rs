//! The console beside the seats' pages (`console --web`): what a member does on their seat's
//! page comes in among the lines typed, and is shown where the table's channel is.

use std::io::{self, Write};
use std::sync::{mpsc, Arc};

use super::Console;
use crate::t;
use crate::table::Reply;

/// What the console reads when the seats' pages run beside it.
pub enum Input {
    /// A line typed.
    Line(String),
    /// The input ended.
    End,
    /// What a member did on their seat's page, said in a table's channel.
    Said(String, Box<Reply>),
}

/// Reads the lines of standard input on a thread of its own, into `inputs`.
pub fn read_lines(inputs: mpsc::Sender<Input>) {
    std::thread::spawn(move || {
        for line in io::stdin().lines() {
            let Ok(line) = line else { break };
            if inputs.send(Input::Line(line)).is_err() {
                return;
            }
        }
        let _ = inputs.send(Input::End);
    });
}

impl Console {
    /// The seats' pages' outbox for this console: what a member does on their page comes
    /// in among the lines typed, as [`Input::Said`].
    pub fn outbox(inputs: mpsc::Sender<Input>) -> crate::front::web::Outbox {
        Arc::new(move |channel: &str, replies: Vec<Reply>| {
            for reply in replies {
                let _ = inputs.send(Input::Said(channel.to_string(), Box::new(reply)));
            }
        })
    }

    /// Runs the console beside the seats' pages: the lines typed (read by [`read_lines`])
    /// and what the pages said, in the order they come, until the input ends. With
    /// `prompt`, a welcome and a prompt as at a terminal.
    pub fn run_with_pages<W: Write>(
        &mut self,
        inputs: mpsc::Receiver<Input>,
        mut output: W,
        prompt: bool,
    ) -> io::Result<()> {
        let user = self.options.local_user.clone();
        if prompt {
            let welcome = t!(self.lang_of(&user), "console-welcome", user = user.as_str());
            writeln!(output, "{welcome}")?;
        }
        for input in inputs {
            match input {
                Input::Line(line) => {
                    for text in self.line(&line)? {
                        writeln!(output, "{text}")?;
                    }
                }
                Input::Said(channel, reply) => {
                    let shown = self.show(&channel, None, &reply, &[])?;
                    writeln!(output, "{shown}")?;
                }
                Input::End => break,
            }
            if prompt {
                write!(output, "{user} #{}> ", self.channel)?;
            }
            output.flush()?;
        }
        Ok(())
    }
}
