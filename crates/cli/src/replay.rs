use crate::position_args::{Family, GameVariant};
use crate::CliError;
use kingme_draughts::{pdn, Countdown, Game, Outcome};
use serde::Serialize;
use std::io::Read;
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The variant, unless the record names it (PDN: a GameType tag; Halma family: a Variant
    /// tag): english (american), international, russian, brazilian, halma-8, halma-10,
    /// halma-16 or chinese-checkers.
    #[arg(long)]
    variant: Option<GameVariant>,
    /// The number of players (Halma family only), unless the record has a Players tag; 2 by
    /// default.
    #[arg(long)]
    players: Option<u8>,
    /// Start from this position (PDN FEN; S:N:CELLS for the Halma family) instead of the
    /// variant's start or the record's FEN or Position tag.
    #[arg(long)]
    fen: Option<String>,
    /// Print the state after every ply, not only at the end.
    #[arg(long)]
    each_ply: bool,
    /// A PDN file, a Halma-family game record, or plain move text; `-` or nothing reads
    /// standard input.
    file: Option<PathBuf>,
}

#[derive(Serialize)]
struct CountdownJson {
    rule: &'static str,
    name: String,
    plies_left: u32,
    moves_left: u32,
}

#[derive(Serialize)]
struct StateJson {
    ply: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    last_move: Option<String>,
    fen: String,
    result: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    winner: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<&'static str>,
    repetitions: usize,
    counters: Vec<CountdownJson>,
    draw_offer: Option<&'static str>,
}

fn state(game: &Game, outcome: Option<Outcome>) -> StateJson {
    let variant = game.variant();
    StateJson {
        ply: game.ply(),
        last_move: game
            .moves()
            .last()
            .map(|m| kingme_draughts::notation::move_to_string(variant, m)),
        fen: game.position().to_fen(),
        result: match outcome {
            None => "ongoing",
            Some(o) if o.winner.is_none() => "draw",
            Some(_) => "win",
        },
        winner: outcome.and_then(|o| o.winner).map(|c| c.name()),
        reason: outcome.map(|o| o.reason.key()),
        repetitions: game.repetition_count(),
        counters: game.countdowns().into_iter().map(countdown).collect(),
        draw_offer: game.draw_offer().map(|c| c.name()),
    }
}

fn countdown(c: Countdown) -> CountdownJson {
    CountdownJson {
        rule: c.rule.key(),
        name: c.rule.to_string(),
        plies_left: c.plies_left,
        moves_left: c.moves_left,
    }
}

pub fn run(args: Args) -> Result<(), CliError> {
    let mut text = String::new();
    match &args.file {
        Some(path) if path.as_os_str() != "-" => {
            text = std::fs::read_to_string(path)
                .map_err(|e| CliError(format!("cannot read {}: {e}", path.display())))?;
        }
        _ => {
            std::io::stdin().read_to_string(&mut text)?;
        }
    }
    let halma = match args.variant {
        Some(GameVariant::Halma(v)) => Some(v),
        Some(GameVariant::Draughts(_)) => None,
        None => crate::halma::replay::tagged_variant(&text),
    };
    if let Some(variant) = halma {
        if let Some(n) = args.players {
            kingme_halma::Setup::new(variant, n)?;
        }
        let given = kingme_halma::record::Given {
            variant: args.variant.map(|_| variant),
            players: args.players,
            position: args.fen.clone(),
        };
        return crate::halma::replay::run(&text, &given, args.each_ply);
    }
    let variant = match args.variant {
        Some(v) => match v.with_players(args.players)? {
            Family::Draughts(v) => Some(v),
            Family::Halma(_) => None,
        },
        None if args.players.is_some() => {
            return Err(CliError(
                "--players is for halma-16 and chinese-checkers (name the game with --variant \
                 or a Variant tag)"
                    .into(),
            ))
        }
        None => None,
    };
    let text = match &args.fen {
        Some(fen) => format!("[FEN \"{fen}\"]\n{text}"),
        None => text,
    };
    let parsed = pdn::read(&text, variant)?;
    if args.each_ply {
        let mut game = Game::from_position(*parsed.game.start_position());
        let mut states = vec![state(&game, game.outcome())];
        let moves: Vec<_> = parsed.game.moves().copied().collect();
        for (i, m) in moves.iter().enumerate() {
            game.play(m, parsed.game.offered_draw_at(i))?;
            let outcome = if i + 1 == moves.len() {
                parsed.outcome()
            } else {
                game.outcome()
            };
            states.push(state(&game, outcome));
        }
        println!("{}", serde_json::to_string_pretty(&states)?);
    } else {
        println!(
            "{}",
            serde_json::to_string_pretty(&state(&parsed.game, parsed.outcome()))?
        );
    }
    Ok(())
}
