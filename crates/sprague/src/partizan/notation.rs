//! Games written and read in CGSuite's plain-text notation.
//!
//! What is printed, for a canonical game `G` (CGSuite's `CanonicalShortGame` and `Uptimal`
//! output, in its plain-text mode, whose symbols are listed in CGSuite's
//! `org.cgsuite.output.StyledTextOutput.Symbol`: `^`, `^^`, `v`, `vv`, `*`, `+-`):
//! - number-up-stars `x + n·↑ + *k`: the number (omitted when 0 unless nothing else is
//!   printed: `3/4`, `-2`, `0`), then the ups, `^`, `^^`, `^3`, `^4`, … or downs `v`, `vv`,
//!   `v3`, …, then the star, `*` or `*k`: `^*`, `1*`, `1^*`, `-1/2v3*2`, `*2`;
//! - switches, games equal to their negative `{A, B, … | -A, -B, …}`: `+-` and the Left options,
//!   `+-1`, `+-^`, `+-(1*)` (parentheses around a number-up-star that is not a number, a nimber
//!   or an up multiple), `+-{2|1}`, `+-{1,2}` when there are several;
//! - every other game in braces, `{1|0}`, options separated by commas; a side whose only option
//!   is itself printed in braces is written inline with one bar more than it, CGSuite's `||`
//!   shorthand: `{3||2*|1*}` is `{3 | {2*|1*}}` and `{2|1||0}` is `{{2|1} | 0}`.
//!
//! Options are listed number-up-stars first (by number, then ups, then star), then the other
//! games in the order of their printed text, so a game prints the same in every store.
//!
//! The switch symbol: CGSuite prints `±` on screen and `+-` in plain text. sprague prints `+-`
//! (ASCII, and it pastes back into CGSuite) and reads both `+-` and `±`.
//!
//! What is read: all of the above, and sums and differences (`^ + *`, `2 - 1/2`, `1+-1` is
//! `1 + ±1`), parentheses, and a unary minus (`-{1|0}`; a minus sign directly before digits
//! belongs to the number, so `-1^` is `-1 + ^`, as printed). Every printed game reads back as
//! itself. Errors are values ([`ParseError`]) with the position and a reason, never panics; the
//! nesting of braces, parentheses and signs is limited to [`MAX_DEPTH`] so that hostile input
//! cannot exhaust the stack, and up multiples and nimbers written out to [`MAX_MULTIPLE`].

use std::cmp::Ordering;
use std::fmt;

use num_bigint::BigInt;
use num_traits::{Signed, Zero};
use rustc_hash::FxHashMap;

use super::canonical::{GameId, GameStore, Nus};
use super::dyadic::Dyadic;

/// The deepest nesting of braces, parentheses and unary signs that [`GameStore::parse`] reads.
pub const MAX_DEPTH: usize = 200;

/// The largest up multiple (`^n`) and nimber (`*n`) that [`GameStore::parse`] reads: their
/// canonical forms are chains `n` moves deep, walked by comparisons with other games.
pub const MAX_MULTIPLE: u64 = 1024;

/// Why a text is not a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// The byte offset in the input where the problem was found.
    pub position: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at {}: {}", self.position, self.message)
    }
}

impl std::error::Error for ParseError {}

/// A printed game: a name (number-up-star, switch) or braces with their content and the number
/// of bars of their principal separator.
#[derive(Clone, Debug)]
enum Piece {
    Atom(String),
    Braces { content: String, bars: usize },
}

impl Piece {
    fn full(&self) -> String {
        match self {
            Piece::Atom(s) => s.clone(),
            Piece::Braces { content, .. } => format!("{{{content}}}"),
        }
    }
}

/// The text of a number-up-star, as CGSuite writes it.
pub fn nus_to_string(n: &Nus) -> String {
    let mut s = String::new();
    if !n.number.is_zero() || n.is_number() {
        s.push_str(&n.number.to_string());
    }
    if !n.ups.is_zero() {
        let a = n.ups.abs();
        s.push(if n.ups.is_positive() { '^' } else { 'v' });
        if a == BigInt::from(2) {
            s.push(if n.ups.is_positive() { '^' } else { 'v' });
        } else if a > BigInt::from(2) {
            s.push_str(&a.to_string());
        }
    }
    if n.nimber != 0 {
        s.push('*');
        if n.nimber > 1 {
            s.push_str(&n.nimber.to_string());
        }
    }
    s
}

impl GameStore {
    /// `g` in CGSuite notation (see the [module documentation](self)).
    pub fn display(&mut self, g: GameId) -> String {
        self.piece(g, &mut FxHashMap::default()).full()
    }

    /// The printed form of `g`, each subposition printed once (`memo`).
    fn piece(&mut self, g: GameId, memo: &mut FxHashMap<GameId, Piece>) -> Piece {
        if let Some(p) = memo.get(&g) {
            return p.clone();
        }
        let p = self.piece_uncached(g, memo);
        memo.insert(g, p.clone());
        p
    }

    fn piece_uncached(&mut self, g: GameId, memo: &mut FxHashMap<GameId, Piece>) -> Piece {
        if let Some(n) = self.as_nus(g) {
            return Piece::Atom(nus_to_string(n));
        }
        let mut lo = self.left_options(g);
        let mut ro = self.right_options(g);
        self.sort_for_print(&mut lo, memo);
        self.sort_for_print(&mut ro, memo);
        if self.neg(g) == g {
            let mut s = String::from("+-");
            if lo.len() == 1 {
                let o = lo[0];
                let text = self.piece(o, memo).full();
                // As CGSuite: parentheses unless a number, a nimber or an up multiple.
                let parens = self.as_nus(o).is_some_and(|n| {
                    let zero_number = n.number.is_zero();
                    !(n.is_number() || zero_number && (n.ups.is_zero() || n.nimber == 0))
                });
                if parens {
                    s.push('(');
                    s.push_str(&text);
                    s.push(')');
                } else {
                    s.push_str(&text);
                }
            } else {
                let texts: Vec<String> = lo.iter().map(|&o| self.piece(o, memo).full()).collect();
                s.push('{');
                s.push_str(&texts.join(","));
                s.push('}');
            }
            return Piece::Atom(s);
        }
        let (ls, lb) = self.side(&lo, memo);
        let (rs, rb) = self.side(&ro, memo);
        let bars = lb.max(rb) + 1;
        Piece::Braces {
            content: format!("{ls}{}{rs}", "|".repeat(bars)),
            bars,
        }
    }

    /// One side of braces: its text and the bars it uses (0 for a list of options).
    fn side(&mut self, options: &[GameId], memo: &mut FxHashMap<GameId, Piece>) -> (String, usize) {
        if options.len() == 1 {
            if let Piece::Braces { content, bars } = self.piece(options[0], memo) {
                return (content, bars);
            }
        }
        let texts: Vec<String> = options
            .iter()
            .map(|&o| self.piece(o, memo).full())
            .collect();
        (texts.join(","), 0)
    }

    fn sort_for_print(&mut self, options: &mut [GameId], memo: &mut FxHashMap<GameId, Piece>) {
        let mut keyed: Vec<(GameId, Option<Nus>, String)> = options
            .iter()
            .map(|&o| {
                let n = self.as_nus(o).cloned();
                let text = if n.is_some() {
                    String::new()
                } else {
                    self.piece(o, memo).full()
                };
                (o, n, text)
            })
            .collect();
        keyed.sort_by(|a, b| match (&a.1, &b.1) {
            (Some(x), Some(y)) => x
                .number
                .cmp(&y.number)
                .then(x.ups.cmp(&y.ups))
                .then(x.nimber.cmp(&y.nimber)),
            (Some(_), None) => Ordering::Less,
            (None, Some(_)) => Ordering::Greater,
            (None, None) => a.2.cmp(&b.2),
        });
        for (slot, k) in options.iter_mut().zip(keyed) {
            *slot = k.0;
        }
    }

    /// Reads a game in CGSuite notation (see the [module documentation](self)).
    pub fn parse(&mut self, text: &str) -> Result<GameId, ParseError> {
        let tokens = lex(text)?;
        let mut p = Parser {
            tokens,
            pos: 0,
            depth: 0,
            end: text.len(),
            store: self,
        };
        let g = p.expr()?;
        if p.pos < p.tokens.len() {
            return Err(p.error(format!("unexpected {}", p.tokens[p.pos].0.describe())));
        }
        Ok(g)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Tok {
    Num(String),
    Slash,
    Caret,
    Down,
    Star,
    LBrace,
    RBrace,
    Bars(usize),
    Comma,
    Plus,
    Minus,
    PlusMinus,
    LParen,
    RParen,
}

impl Tok {
    fn describe(&self) -> String {
        match self {
            Tok::Num(n) => format!("number `{n}`"),
            Tok::Slash => "`/`".into(),
            Tok::Caret => "`^`".into(),
            Tok::Down => "`v`".into(),
            Tok::Star => "`*`".into(),
            Tok::LBrace => "`{`".into(),
            Tok::RBrace => "`}`".into(),
            Tok::Bars(n) => format!("`{}`", "|".repeat(*n)),
            Tok::Comma => "`,`".into(),
            Tok::Plus => "`+`".into(),
            Tok::Minus => "`-`".into(),
            Tok::PlusMinus => "`+-`".into(),
            Tok::LParen => "`(`".into(),
            Tok::RParen => "`)`".into(),
        }
    }
}

fn lex(text: &str) -> Result<Vec<(Tok, usize)>, ParseError> {
    let mut out = Vec::new();
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        let tok = match c {
            c if c.is_whitespace() => continue,
            '0'..='9' => {
                let mut s = String::from(c);
                while let Some(&(_, d)) = chars.peek() {
                    if d.is_ascii_digit() {
                        s.push(d);
                        chars.next();
                    } else {
                        break;
                    }
                }
                Tok::Num(s)
            }
            '/' => Tok::Slash,
            '^' => Tok::Caret,
            'v' => Tok::Down,
            '*' => Tok::Star,
            '{' => Tok::LBrace,
            '}' => Tok::RBrace,
            ',' => Tok::Comma,
            '(' => Tok::LParen,
            ')' => Tok::RParen,
            '±' => Tok::PlusMinus,
            '-' => Tok::Minus,
            '+' => {
                if chars.peek().map(|&(_, d)| d) == Some('-') {
                    chars.next();
                    Tok::PlusMinus
                } else {
                    Tok::Plus
                }
            }
            '|' => {
                let mut n = 1;
                while chars.peek().map(|&(_, d)| d) == Some('|') {
                    chars.next();
                    n += 1;
                }
                Tok::Bars(n)
            }
            other => {
                return Err(ParseError {
                    position: i,
                    message: format!("unexpected character `{other}`"),
                })
            }
        };
        out.push((tok, i));
    }
    Ok(out)
}

struct Parser<'a> {
    tokens: Vec<(Tok, usize)>,
    pos: usize,
    depth: usize,
    end: usize,
    store: &'a mut GameStore,
}

/// What braces hold: a game (there was a bar) or a bare list (only after `+-`).
enum Braced {
    Game(GameId),
    List(Vec<GameId>),
}

impl Parser<'_> {
    fn peek(&self) -> Option<&Tok> {
        self.tokens.get(self.pos).map(|t| &t.0)
    }

    fn error(&self, message: String) -> ParseError {
        ParseError {
            position: self.tokens.get(self.pos).map_or(self.end, |t| t.1),
            message,
        }
    }

    fn expect(&mut self, tok: &Tok) -> Result<(), ParseError> {
        match self.peek() {
            Some(t) if t == tok => {
                self.pos += 1;
                Ok(())
            }
            Some(t) => Err(self.error(format!(
                "expected {}, found {}",
                tok.describe(),
                t.describe()
            ))),
            None => Err(self.error(format!("expected {}, found the end", tok.describe()))),
        }
    }

    fn enter(&mut self) -> Result<(), ParseError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.error(format!("nested more than {MAX_DEPTH} deep")));
        }
        Ok(())
    }

    /// expr := term (('+' | '-' | '+-') term)*
    fn expr(&mut self) -> Result<GameId, ParseError> {
        let mut g = self.term()?;
        loop {
            match self.peek() {
                Some(Tok::Plus) => {
                    self.pos += 1;
                    let h = self.term()?;
                    g = self.store.sum(g, h);
                }
                Some(Tok::Minus) => {
                    self.pos += 1;
                    let h = self.term()?;
                    g = self.store.sub(g, h);
                }
                Some(Tok::PlusMinus) => {
                    self.pos += 1;
                    let h = self.switch()?;
                    g = self.store.sum(g, h);
                }
                _ => return Ok(g),
            }
        }
    }

    /// term := '-' term | '+-' switch | literal | '{' … '}' | '(' expr ')'
    fn term(&mut self) -> Result<GameId, ParseError> {
        self.enter()?;
        let result = self.term_inner();
        self.depth -= 1;
        result
    }

    fn term_inner(&mut self) -> Result<GameId, ParseError> {
        match self.peek().cloned() {
            Some(Tok::Minus) => {
                self.pos += 1;
                if let Some(Tok::Num(_)) = self.peek() {
                    return self.literal(true);
                }
                let g = self.term()?;
                Ok(self.store.neg(g))
            }
            Some(Tok::PlusMinus) => {
                self.pos += 1;
                self.switch()
            }
            Some(Tok::LParen) => {
                self.pos += 1;
                let g = self.expr()?;
                self.expect(&Tok::RParen)?;
                Ok(g)
            }
            Some(Tok::LBrace) => match self.braces()? {
                Braced::Game(g) => Ok(g),
                Braced::List(_) => Err(self.error(
                    "braces without `|`: a game is written {Left options | Right options}".into(),
                )),
            },
            Some(Tok::Num(_) | Tok::Caret | Tok::Down | Tok::Star) => self.literal(false),
            Some(t) => Err(self.error(format!("expected a game, found {}", t.describe()))),
            None => Err(self.error("expected a game, found the end".into())),
        }
    }

    /// After `+-`: `{A, B, …}` (a switch with these Left options), or a term `A`: `{A | -A}`.
    fn switch(&mut self) -> Result<GameId, ParseError> {
        self.enter()?;
        let result = (|| {
            let left = if let Some(Tok::LBrace) = self.peek() {
                match self.braces()? {
                    Braced::Game(g) => vec![g],
                    Braced::List(l) if l.is_empty() => {
                        return Err(self.error("`+-{}`: a switch needs options".into()))
                    }
                    Braced::List(l) => l,
                }
            } else {
                vec![self.term()?]
            };
            let right: Vec<GameId> = left.iter().map(|&g| self.store.neg(g)).collect();
            Ok(self.store.from_options(&left, &right))
        })();
        self.depth -= 1;
        result
    }

    /// number? ups? star?, at least one of them; `negative`: a `-` came right before the digits.
    fn literal(&mut self, negative: bool) -> Result<GameId, ParseError> {
        let mut number = Dyadic::zero();
        if let Some(Tok::Num(n)) = self.peek().cloned() {
            self.pos += 1;
            let mut text = n;
            if let Some(Tok::Slash) = self.peek() {
                self.pos += 1;
                match self.peek().cloned() {
                    Some(Tok::Num(d)) => {
                        self.pos += 1;
                        text = format!("{text}/{d}");
                    }
                    _ => return Err(self.error("expected a denominator after `/`".into())),
                }
            }
            number = text.parse::<Dyadic>().map_err(|e| self.error(e.0))?;
            if negative {
                number = -number;
            }
        }
        let mut ups = BigInt::zero();
        if let Some(t @ (Tok::Caret | Tok::Down)) = self.peek().cloned() {
            self.pos += 1;
            let sign = if t == Tok::Caret { 1 } else { -1 };
            let count = match self.peek().cloned() {
                Some(ref u) if *u == t => {
                    self.pos += 1;
                    2
                }
                Some(Tok::Num(n)) => {
                    self.pos += 1;
                    self.multiple(&n)?
                }
                _ => 1,
            };
            ups = BigInt::from(count) * sign;
        }
        let mut nimber = 0;
        if let Some(Tok::Star) = self.peek() {
            self.pos += 1;
            nimber = 1;
            if let Some(Tok::Num(n)) = self.peek().cloned() {
                self.pos += 1;
                nimber = self.multiple(&n)?;
            }
        }
        Ok(self.store.nus(Nus {
            number,
            ups,
            nimber,
        }))
    }

    fn multiple(&self, n: &str) -> Result<u64, ParseError> {
        match n.parse::<u64>() {
            Ok(k) if k <= MAX_MULTIPLE => Ok(k),
            _ => Err(self.error(format!(
                "`{n}`: up multiples and nimbers are read up to {MAX_MULTIPLE}"
            ))),
        }
    }

    /// `{ slot sep slot sep … }`: slots are comma-separated lists of games, separators runs of
    /// bars; the longest run, which must be unique, splits Left from Right.
    fn braces(&mut self) -> Result<Braced, ParseError> {
        self.enter()?;
        let result = self.braces_inner();
        self.depth -= 1;
        result
    }

    fn braces_inner(&mut self) -> Result<Braced, ParseError> {
        let open = self.pos;
        self.expect(&Tok::LBrace)?;
        let mut slots: Vec<Vec<GameId>> = vec![Vec::new()];
        let mut seps: Vec<usize> = Vec::new();
        let mut expect_game = true;
        loop {
            match self.peek() {
                Some(Tok::RBrace) => {
                    if expect_game && !slots.last().unwrap().is_empty() {
                        return Err(self.error("expected a game after `,`".into()));
                    }
                    self.pos += 1;
                    break;
                }
                Some(Tok::Bars(n)) => {
                    if expect_game && !slots.last().unwrap().is_empty() {
                        return Err(self.error("expected a game after `,`".into()));
                    }
                    seps.push(*n);
                    slots.push(Vec::new());
                    self.pos += 1;
                    expect_game = true;
                }
                Some(Tok::Comma) => {
                    if expect_game {
                        return Err(self.error("expected a game before `,`".into()));
                    }
                    self.pos += 1;
                    expect_game = true;
                }
                None => {
                    return Err(ParseError {
                        position: self.tokens[open].1,
                        message: "`{` is never closed".into(),
                    })
                }
                Some(_) => {
                    if !expect_game {
                        return Err(self.error(format!(
                            "expected `,`, `|` or `}}`, found {}",
                            self.peek().unwrap().describe()
                        )));
                    }
                    let g = self.expr()?;
                    slots.last_mut().unwrap().push(g);
                    expect_game = false;
                }
            }
        }
        if seps.is_empty() {
            return Ok(Braced::List(slots.pop().unwrap()));
        }
        if seps.len() > MAX_DEPTH {
            return Err(self.error(format!("more than {MAX_DEPTH} separators in one game")));
        }
        let position = self.tokens[open].1;
        let g = build(self.store, &slots, &seps, position)?;
        Ok(Braced::Game(g))
    }
}

/// The game of `slots[0] seps[0] slots[1] … slots[n]`, split at the unique longest separator.
fn build(
    store: &mut GameStore,
    slots: &[Vec<GameId>],
    seps: &[usize],
    position: usize,
) -> Result<GameId, ParseError> {
    let max = *seps.iter().max().expect("at least one separator");
    let at: Vec<usize> = (0..seps.len()).filter(|&i| seps[i] == max).collect();
    if at.len() > 1 {
        return Err(ParseError {
            position,
            message: format!(
                "two separators `{}` at the same level: write the inner game in braces",
                "|".repeat(max)
            ),
        });
    }
    let k = at[0];
    let side = |store: &mut GameStore, slots: &[Vec<GameId>], seps: &[usize]| {
        if seps.is_empty() {
            Ok(slots[0].clone())
        } else {
            build(store, slots, seps, position).map(|g| vec![g])
        }
    };
    let left = side(store, &slots[..=k], &seps[..k])?;
    let right = side(store, &slots[k + 1..], &seps[k + 1..])?;
    Ok(store.from_options(&left, &right))
}
