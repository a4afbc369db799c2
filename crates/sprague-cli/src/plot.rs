//! Pictures of tables, written with plotters: SVG or PNG, chosen by the file's extension, written
//! to a temporary file and renamed into place so a failed run never leaves half a picture. The
//! name `-` writes SVG to standard output in place of the report (the web server's plots).
//!
//! A sequence G(0..=N) is drawn as points (n, G(n)) while N + 1 fits in the plot's width in
//! pixels; beyond, each pixel column stands for the heaps n that fall in it and is marked at every
//! pixel row where one of their values falls (runs of marked rows drawn as one line), so a table
//! of 10^6 or 10^9 values draws as about a thousand columns and shows which values occur where.
//! Labels are text in SVG; PNG has no font here, so its title and labels are drawn from a bitmap font.

use std::path::{Path, PathBuf};

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::failure::Failure;

/// The picture formats, from the file name.
enum Format {
    Svg,
    Png,
}

/// Refuses a `--plot` file whose extension is neither `.svg` nor `.png` (before a long run).
pub fn check(path: &Path) -> Result<(), Failure> {
    crate::failure::refuse_file("--plot", path)?;
    format_of(path).map(|_| ())
}

/// True when the picture goes to standard output (`--plot -`), in place of the report.
pub fn to_stdout(path: &Path) -> bool {
    crate::output_file::is_stdout(path)
}

/// Draws with `draw` on an SVG picture of `size` kept in memory and prints it.
fn svg_to_stdout(
    size: (u32, u32),
    draw: impl FnOnce(DrawingArea<SVGBackend<'_>, Shift>) -> Result<(), String>,
) -> Result<(), Failure> {
    use std::io::Write;
    let mut svg = String::new();
    draw(SVGBackend::with_string(&mut svg, size).into_drawing_area())
        .map_err(|e| Failure::Internal(format!("cannot draw the plot: {e}")))?;
    let mut out = std::io::stdout().lock();
    out.write_all(svg.as_bytes())?;
    out.write_all(b"\n")?;
    out.flush()?;
    Ok(())
}

fn format_of(path: &Path) -> Result<Format, Failure> {
    if to_stdout(path) {
        return Ok(Format::Svg);
    }
    match path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
        .as_deref()
    {
        Some("svg") => Ok(Format::Svg),
        Some("png") => Ok(Format::Png),
        _ => Err(Failure::bad_input(format!(
            "--plot `{}`: the file must end in .svg or .png",
            path.display()
        ))),
    }
}

/// A new temporary file beside the target of `path` (a link is followed; anything but a regular
/// file is refused), its extension kept last since plotters picks the encoder from it.
fn temporary(path: &Path) -> Result<PathBuf, Failure> {
    let target = crate::output_file::target(path, "--plot")?;
    let (tmp, _) = crate::output_file::temporary_beside(&target)
        .map_err(|e| Failure::bad_input(format!("--plot `{}`: {e}", path.display())))?;
    Ok(tmp)
}

/// Draws G(a, b) as a grid of cells, a down and b across: the P-positions black, the others shaded
/// by their value (lighter for larger). Wythoff's P-positions then show as two rays of slopes φ and
/// 1/φ from the corner.
pub fn grid(path: &Path, grid: &[Vec<u64>]) -> Result<(), Failure> {
    let format = format_of(path)?;
    let rows = grid.len().max(1);
    let cols = grid.first().map_or(1, Vec::len).max(1);
    let cell = (900 / rows.max(cols)).clamp(1, 40) as u32;
    let size = (cols as u32 * cell + 2, rows as u32 * cell + 2);
    let max = grid.iter().flatten().copied().max().unwrap_or(0).max(1) as f64;
    write(format, path, size, &Grid { grid, cell, max })
}

/// Something drawn on any backend; `png` says it is a PNG (no font: text from a bitmap font).
trait Picture {
    fn draw<B: DrawingBackend>(&self, area: DrawingArea<B, Shift>, png: bool)
        -> Result<(), String>;
}

/// Draws `picture` of `size` into `path` in `format` (through a temporary file), or as SVG to
/// standard output.
fn write(
    format: Format,
    path: &Path,
    size: (u32, u32),
    picture: &impl Picture,
) -> Result<(), Failure> {
    if to_stdout(path) {
        return svg_to_stdout(size, |area| picture.draw(area, false));
    }
    let tmp = temporary(path)?;
    let res = match format {
        Format::Svg => picture.draw(SVGBackend::new(&tmp, size).into_drawing_area(), false),
        Format::Png => picture.draw(BitMapBackend::new(&tmp, size).into_drawing_area(), true),
    };
    finish(path, &tmp, res)
}

/// Renames the finished picture into place, or removes the temporary file after a failure.
fn finish(path: &Path, tmp: &Path, res: Result<(), String>) -> Result<(), Failure> {
    crate::output_file::finish(path, "--plot", tmp, res)
}

fn draw_grid<B: DrawingBackend>(
    area: DrawingArea<B, Shift>,
    grid: &[Vec<u64>],
    cell: u32,
    max: f64,
) -> Result<(), String> {
    area.fill(&WHITE).map_err(|e| e.to_string())?;
    for (a, row) in grid.iter().enumerate() {
        for (b, &v) in row.iter().enumerate() {
            let color = if v == 0 {
                RGBColor(0, 0, 0)
            } else {
                // Shades of blue, from dark (small values) to light (the largest).
                let t = 0.25 + 0.75 * (v as f64 / max);
                RGBColor((255.0 * t * 0.85) as u8, (255.0 * t * 0.9) as u8, 255)
            };
            let x = 1 + b as i32 * cell as i32;
            let y = 1 + a as i32 * cell as i32;
            area.draw(&Rectangle::new(
                [(x, y), (x + cell as i32, y + cell as i32)],
                color.filled(),
            ))
            .map_err(|e| e.to_string())?;
        }
    }
    area.present().map_err(|e| e.to_string())
}

/// The picture of a sequence: its size and the plot area inside it.
const WIDTH: i32 = 1000;
const HEIGHT: i32 = 520;
const LEFT: i32 = 70;
const RIGHT: i32 = 50;
const TOP: i32 = 36;
const BOTTOM: i32 = 50;

/// Draws G(n) against n for the values G(0..=N) of `family`.
pub fn sequence<T: Copy + Into<u64>>(
    path: &Path,
    family: &str,
    values: &[T],
    missed: &[u64],
) -> Result<(), Failure> {
    let format = format_of(path)?;
    let size = (WIDTH as u32, HEIGHT as u32);
    let title = format!(
        "G(n) of {family}, n = 0..{}",
        values.len().saturating_sub(1)
    );
    let picture = Sequence {
        title,
        values,
        missed,
    };
    write(format, path, size, &picture)
}

struct Grid<'a> {
    grid: &'a [Vec<u64>],
    cell: u32,
    max: f64,
}

impl Picture for Grid<'_> {
    fn draw<B: DrawingBackend>(&self, area: DrawingArea<B, Shift>, _: bool) -> Result<(), String> {
        draw_grid(area, self.grid, self.cell, self.max)
    }
}

struct Sequence<'a, T> {
    title: String,
    values: &'a [T],
    missed: &'a [u64],
}

impl<T: Copy + Into<u64>> Picture for Sequence<'_, T> {
    fn draw<B: DrawingBackend>(
        &self,
        area: DrawingArea<B, Shift>,
        png: bool,
    ) -> Result<(), String> {
        draw_sequence(area, &self.title, self.values, self.missed, png)
    }
}

/// A round step (1, 2 or 5 times a power of ten) giving at most `most` ticks over 0..=`max`.
fn tick_step(max: u64, most: u64) -> u64 {
    let mut step = 1u64;
    loop {
        for m in [1, 2, 5] {
            let s = step.saturating_mul(m);
            if max / s < most {
                return s;
            }
        }
        step = step.saturating_mul(10);
    }
}

fn draw_sequence<B: DrawingBackend, T: Copy + Into<u64>>(
    area: DrawingArea<B, Shift>,
    title: &str,
    values: &[T],
    missed: &[u64],
    pixel_font: bool,
) -> Result<(), String> {
    let err = |e: DrawingAreaErrorKind<B::ErrorType>| e.to_string();
    area.fill(&WHITE).map_err(err)?;
    let (w, h) = (WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM);
    let last = values.len().saturating_sub(1) as u64;
    let max = values.iter().map(|&v| v.into()).max().unwrap_or(0).max(1);
    // Room above the largest value, so that its points do not sit on the frame.
    let top = max + max.div_ceil(20);
    let x_of = |n: u64| LEFT + (n as f64 / last.max(1) as f64 * f64::from(w - 1)).round() as i32;
    let y_of = |v: u64| TOP + h - 1 - (v as f64 / top as f64 * f64::from(h - 1)).round() as i32;
    let ink = RGBColor(30, 60, 160);
    if values.len() <= w as usize {
        let dot = if values.len() <= 200 { 2 } else { 1 };
        for (n, &v) in values.iter().enumerate() {
            let (x, y) = (x_of(n as u64), y_of(v.into()));
            area.draw(&Rectangle::new(
                [(x - dot, y - dot), (x + dot, y + dot)],
                ink.filled(),
            ))
            .map_err(err)?;
        }
    } else {
        // One bit per pixel row for each pixel column.
        let words = (h as usize).div_ceil(64);
        let mut marks = vec![0u64; w as usize * words];
        let len = values.len() as u128;
        for (n, &v) in values.iter().enumerate() {
            let col = (n as u128 * w as u128 / len) as usize;
            let row = (TOP + h - 1 - y_of(v.into())) as usize;
            marks[col * words + row / 64] |= 1 << (row % 64);
        }
        for col in 0..w as usize {
            let bits = &marks[col * words..(col + 1) * words];
            let mut row = 0;
            while row < h as usize {
                if bits[row / 64] >> (row % 64) & 1 == 0 {
                    row += 1;
                    continue;
                }
                let start = row;
                while row < h as usize && bits[row / 64] >> (row % 64) & 1 == 1 {
                    row += 1;
                }
                let x = LEFT + col as i32;
                let (y0, y1) = (TOP + h - row as i32, TOP + h - 1 - start as i32);
                // At least two pixels high, so that a value alone in its column shows.
                area.draw(&Rectangle::new(
                    [(x, y0 - 1), (x + 1, y1 + 1)],
                    ink.filled(),
                ))
                .map_err(err)?;
            }
        }
    }
    // The values the best formula (a near fit) misses, ringed in red.
    for &n in missed {
        if let Some(&v) = values.get(n as usize) {
            area.draw(&Circle::new(
                (x_of(n), y_of(v.into())),
                5,
                RED.stroke_width(2),
            ))
            .map_err(err)?;
        }
    }
    // The frame, the ticks and their numbers.
    area.draw(&Rectangle::new(
        [(LEFT - 1, TOP - 1), (LEFT + w, TOP + h)],
        BLACK.stroke_width(1),
    ))
    .map_err(err)?;
    let x_step = tick_step(last.max(1), 6);
    let mut n = 0;
    while n <= last.max(1) {
        let x = x_of(n);
        area.draw(&PathElement::new(
            vec![(x, TOP + h), (x, TOP + h + 5)],
            BLACK.stroke_width(1),
        ))
        .map_err(err)?;
        label(
            &area,
            &n.to_string(),
            (x, TOP + h + 8),
            Anchor::Top,
            pixel_font,
        )?;
        n += x_step;
    }
    let y_step = tick_step(max, 8);
    let mut v = 0;
    while v <= max {
        let y = y_of(v);
        area.draw(&PathElement::new(
            vec![(LEFT - 6, y), (LEFT - 1, y)],
            BLACK.stroke_width(1),
        ))
        .map_err(err)?;
        label(
            &area,
            &v.to_string(),
            (LEFT - 9, y),
            Anchor::Right,
            pixel_font,
        )?;
        v += y_step;
    }
    label(
        &area,
        "n",
        (LEFT + w / 2, HEIGHT - 20),
        Anchor::Top,
        pixel_font,
    )?;
    label(&area, "G(n)", (8, TOP - 24), Anchor::Left, pixel_font)?;
    label(&area, title, (LEFT + w / 2, 10), Anchor::Top, pixel_font)?;
    area.present().map_err(err)
}

/// Where a label stands with respect to its point.
#[derive(Clone, Copy)]
enum Anchor {
    /// Centred below the point.
    Top,
    /// Ending left of the point, centred vertically.
    Right,
    /// Starting at the point.
    Left,
}

/// Draws `text` at `pos`: SVG text, or for PNG the public-domain 8×8 bitmap font of `font8x8`
/// scaled twice (the bitmap backend has no font of its own without a font file on the machine).
fn label<B: DrawingBackend>(
    area: &DrawingArea<B, Shift>,
    text: &str,
    pos: (i32, i32),
    anchor: Anchor,
    pixel_font: bool,
) -> Result<(), String> {
    if !pixel_font {
        let pos_anchor = match anchor {
            Anchor::Top => Pos::new(HPos::Center, VPos::Top),
            Anchor::Right => Pos::new(HPos::Right, VPos::Center),
            Anchor::Left => Pos::new(HPos::Left, VPos::Top),
        };
        let style = ("sans-serif", 17).into_font().color(&BLACK).pos(pos_anchor);
        return area
            .draw(&Text::new(text.to_owned(), pos, style))
            .map_err(|e| e.to_string());
    }
    const SCALE: i32 = 2;
    // The glyphs are 8 pixels wide with their own spacing on the right.
    let advance = 8 * SCALE;
    let width = advance * text.chars().count() as i32 - SCALE;
    let (x0, y0) = match anchor {
        Anchor::Top => (pos.0 - width / 2, pos.1),
        Anchor::Right => (pos.0 - width, pos.1 - 8 * SCALE / 2),
        Anchor::Left => pos,
    };
    for (i, c) in text.chars().enumerate() {
        for (r, bits) in glyph(c).iter().enumerate() {
            for col in 0..8 {
                // font8x8: bit 0 is the leftmost pixel of the row.
                if bits >> col & 1 == 1 {
                    let x = x0 + i as i32 * advance + col * SCALE;
                    let y = y0 + r as i32 * SCALE;
                    area.draw(&Rectangle::new(
                        [(x, y), (x + SCALE, y + SCALE)],
                        BLACK.filled(),
                    ))
                    .map_err(|e| e.to_string())?;
                }
            }
        }
    }
    Ok(())
}

/// The 8×8 glyph of `c` (one byte a row), `?` for a character outside the font's basic Latin.
fn glyph(c: char) -> [u8; 8] {
    use font8x8::UnicodeFonts;
    font8x8::BASIC_FONTS
        .get(c)
        .or_else(|| font8x8::BASIC_FONTS.get('?'))
        .unwrap_or([0; 8])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_character_of_a_title_has_a_glyph() {
        let title = "G(n) of octal 0.07, n = 0..200 [subtraction {1,3,4}]";
        for c in title.chars().filter(|&c| c != ' ') {
            assert_ne!(glyph(c), [0; 8], "{c}");
        }
        // An unknown character is drawn as `?`, not as nothing.
        assert_eq!(glyph('→'), glyph('?'));
    }

    #[test]
    fn ticks_are_round_and_few() {
        for (max, most, step) in [(1, 6, 1), (10, 6, 2), (200, 6, 50), (1_000_000, 6, 200_000)] {
            assert_eq!(tick_step(max, most), step, "{max}");
            assert!(max / step < most);
        }
    }
}
