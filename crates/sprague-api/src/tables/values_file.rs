//! The values file of `table … --out FILE`: G(0..len) in a compact binary form, shared by every
//! table family and by the long runs' checkpoints.

use crate::request::error::Error;

/// The first eight bytes of a values file written by `table … --out FILE`.
pub const VALUES_MAGIC: &[u8; 8] = b"SPRGSEQ1";

/// The values G(0..len) in the compact binary form of `--out`:
///
/// | bytes | content |
/// | --- | --- |
/// | 0..8 | the magic `SPRGSEQ1` |
/// | 8 | w, the bytes per value: the fewest of 1, 2, 4 and 8 that hold the largest value |
/// | 9..16 | zero |
/// | 16..24 | the number of values, unsigned 64-bit little-endian |
/// | 24.. | G(0), G(1), …, each w bytes little-endian |
///
/// Heap-game tables have values below 2^16 (w is 1 or 2); Lasker's Nim's grow with n.
pub fn encode_values(values: &[u64]) -> Vec<u8> {
    let mut out = Vec::new();
    write_values(&mut out, values).expect("writing to a vector does not fail");
    out
}

/// The bytes per value of a values file holding `values` ([`encode_values`]).
fn value_width<T: Copy + Into<u64>>(values: &[T]) -> usize {
    let largest = values.iter().map(|&v| v.into()).max().unwrap_or(0);
    match largest {
        0..=0xFF => 1,
        0x100..=0xFFFF => 2,
        0x1_0000..=0xFFFF_FFFF => 4,
        _ => 8,
    }
}

/// Writes `values` in the form of [`encode_values`], a block at a time (no copy of the table).
///
/// # Errors
///
/// A failed write.
pub fn write_values<W, T>(out: &mut W, values: &[T]) -> std::io::Result<()>
where
    W: std::io::Write,
    T: Copy + Into<u64>,
{
    let width = value_width(values);
    out.write_all(VALUES_MAGIC)?;
    out.write_all(&[width as u8, 0, 0, 0, 0, 0, 0, 0])?;
    out.write_all(&(values.len() as u64).to_le_bytes())?;
    let mut block = Vec::with_capacity(8 << 15);
    for chunk in values.chunks(1 << 15) {
        block.clear();
        for &v in chunk {
            block.extend_from_slice(&v.into().to_le_bytes()[..width]);
        }
        out.write_all(&block)?;
    }
    Ok(())
}

/// Reads back what [`encode_values`] wrote.
///
/// # Errors
///
/// Bytes that are not such a file.
pub fn decode_values(bytes: &[u8]) -> Result<Vec<u64>, Error> {
    let bad = |why: &str| Error::bad_input(format!("not a sprague values file: {why}"));
    if bytes.len() < 24 || &bytes[..8] != VALUES_MAGIC {
        return Err(bad("no SPRGSEQ1 header"));
    }
    let width = usize::from(bytes[8]);
    if ![1, 2, 4, 8].contains(&width) {
        return Err(bad("the value width is not 1, 2, 4 or 8"));
    }
    let count = u64::from_le_bytes(bytes[16..24].try_into().expect("8 bytes"));
    let body = &bytes[24..];
    if body.len() as u64 != count.saturating_mul(width as u64) {
        return Err(bad("the length does not match the count"));
    }
    Ok(body
        .chunks(width)
        .map(|c| c.iter().rev().fold(0u64, |acc, &b| acc << 8 | u64::from(b)))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_values_file_round_trips_in_the_narrowest_width() {
        for (values, width) in [
            (vec![0u64, 1, 255, 3], 1),
            (vec![0, 300, 65535], 2),
            (vec![], 1),
            (vec![7, 65536, 1], 4),
            (vec![u64::from(u32::MAX), 0], 4),
            (vec![1 << 32, 5], 8),
            (vec![u64::MAX], 8),
        ] {
            let bytes = encode_values(&values);
            assert_eq!(bytes[8], width as u8, "{values:?}");
            assert_eq!(bytes.len(), 24 + width * values.len());
            assert_eq!(decode_values(&bytes).unwrap(), values);
            if width <= 2 {
                // A heap table's values (two bytes) give the same bytes.
                let narrow: Vec<u16> = values.iter().map(|&v| v as u16).collect();
                let mut written = Vec::new();
                write_values(&mut written, &narrow).unwrap();
                assert_eq!(written, bytes);
            }
        }
        assert!(decode_values(b"SPRGSEQ1").is_err());
        let mut bytes = encode_values(&[1, 2, 3]);
        bytes.pop();
        assert!(decode_values(&bytes).is_err());
        let mut bytes = encode_values(&[70000, 2]);
        bytes[8] = 3;
        assert!(decode_values(&bytes).is_err());
    }
}
