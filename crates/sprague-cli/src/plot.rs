//! Pictures of tables, written with plotters: SVG or PNG, chosen by the file's extension, written
//! to a temporary file and renamed into place so a failed run never leaves half a picture.

use std::path::{Path, PathBuf};

use plotters::coord::Shift;
use plotters::prelude::*;

use crate::failure::Failure;

/// The picture formats, from the file name.
enum Format {
    Svg,
    Png,
}

fn format_of(path: &Path) -> Result<Format, Failure> {
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

/// A temporary name beside `path`, so the final rename stays on one file system.
fn temporary(path: &Path) -> PathBuf {
    let mut name = path
        .file_name()
        .map(|n| n.to_os_string())
        .unwrap_or_default();
    name.push(format!(".tmp-{}", std::process::id()));
    let tmp = path.with_file_name(name);
    // plotters picks the encoder from the extension, so keep it last.
    match path.extension() {
        Some(ext) => tmp.with_extension(format!(
            "{}.{}",
            tmp.extension()
                .map(|e| e.to_string_lossy().into_owned())
                .unwrap_or_default(),
            ext.to_string_lossy()
        )),
        None => tmp,
    }
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
    let tmp = temporary(path);
    let max = grid.iter().flatten().copied().max().unwrap_or(0).max(1) as f64;
    let res = match format {
        Format::Svg => draw_grid(
            SVGBackend::new(&tmp, size).into_drawing_area(),
            grid,
            cell,
            max,
        ),
        Format::Png => draw_grid(
            BitMapBackend::new(&tmp, size).into_drawing_area(),
            grid,
            cell,
            max,
        ),
    };
    if let Err(e) = res {
        let _ = std::fs::remove_file(&tmp);
        return Err(Failure::bad_input(format!(
            "cannot write `{}`: {e}",
            path.display()
        )));
    }
    std::fs::rename(&tmp, path).map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        Failure::bad_input(format!("cannot write `{}`: {e}", path.display()))
    })
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
