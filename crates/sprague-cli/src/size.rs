//! Sizes as typed in flags and variables: `512M`, `2G`, `4096` (bytes).

/// Bytes of `text`: digits and an optional `K`, `M` or `G` (powers of 1024); `None` for anything
/// else or past 64 bits.
pub(crate) fn parse_size(text: &str) -> Option<u64> {
    let text = text.trim();
    let (digits, shift) = match text.chars().last()? {
        'K' | 'k' => (&text[..text.len() - 1], 10),
        'M' | 'm' => (&text[..text.len() - 1], 20),
        'G' | 'g' => (&text[..text.len() - 1], 30),
        _ => (text, 0),
    };
    digits.parse::<u64>().ok()?.checked_mul(1 << shift)
}
