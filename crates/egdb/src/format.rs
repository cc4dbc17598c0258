//! The file of one table.
//!
//! | bytes | what |
//! | --- | --- |
//! | 0..6 | magic `KMEGDB` |
//! | 6 | format version (1) |
//! | 7 | the variant, as its PDN `GameType` number (21 English, 20 International, 25 Russian, 26 Brazilian) |
//! | 8..12 | the signature: men, kings of the side to move, men, kings of the other side |
//! | 12..20 | the number of positions, little-endian |
//! | 20..24 | FNV-1a (32 bits) of the values |
//! | 24..28 | the length of the compressed values, little-endian |
//! | 28.. | the values (one byte per position, see [`crate::Value::code`]), DEFLATE-compressed |

use crate::Signature;
use kingme_draughts::Variant;
use std::fmt;

/// The first bytes of every table file.
pub const MAGIC: &[u8; 6] = b"KMEGDB";
/// The format version this crate reads and writes.
pub const VERSION: u8 = 1;
const HEADER: usize = 28;

/// Why a table file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FormatError {
    /// Shorter than the header.
    TooShort { len: usize },
    /// Not a kingme endgame table.
    BadMagic,
    /// A version this build does not read.
    UnsupportedVersion(u8),
    /// A variant number no variant has.
    UnknownVariant(u8),
    /// A table of another variant.
    WrongVariant { expected: Variant, found: Variant },
    /// The signature has no piece on one side.
    BadSignature(Signature),
    /// The compressed values end early (or go on after their stated length).
    Truncated { expected: u64, found: u64 },
    /// The compressed values do not decompress.
    Corrupt(String),
    /// Not one value per position of the signature.
    WrongLength { expected: u64, found: u64 },
    /// The values are not those written.
    Checksum { expected: u32, found: u32 },
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FormatError::TooShort { len } => write!(
                f,
                "endgame table file too short: {len} bytes, the header alone has {HEADER}"
            ),
            FormatError::BadMagic => f.write_str("not an endgame table file (bad magic)"),
            FormatError::UnsupportedVersion(v) => write!(
                f,
                "endgame table format version {v} is not supported (this build reads {VERSION})"
            ),
            FormatError::UnknownVariant(n) => {
                write!(f, "endgame table for an unknown variant (GameType {n})")
            }
            FormatError::WrongVariant { expected, found } => {
                write!(f, "endgame table of {found}, expected {expected}")
            }
            FormatError::BadSignature(s) => {
                write!(
                    f,
                    "endgame table signature {s} leaves a side without pieces"
                )
            }
            FormatError::Truncated { expected, found } => write!(
                f,
                "endgame table file truncated: {expected} bytes of values stated, {found} present"
            ),
            FormatError::Corrupt(e) => write!(f, "endgame table values are corrupt: {e}"),
            FormatError::WrongLength { expected, found } => write!(
                f,
                "endgame table has {found} values, its signature has {expected} positions"
            ),
            FormatError::Checksum { expected, found } => write!(
                f,
                "endgame table checksum mismatch: stored {expected:08x}, computed {found:08x}"
            ),
        }
    }
}

impl std::error::Error for FormatError {}

fn fnv1a(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0x811c_9dc5u32, |h, &b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    })
}

/// The file of the table of `sig` in `variant`.
#[cfg(feature = "deflate")]
pub fn encode_table(variant: Variant, sig: Signature, values: &[u8]) -> Vec<u8> {
    let packed = miniz_oxide::deflate::compress_to_vec(values, 9);
    let mut out = Vec::with_capacity(HEADER + packed.len());
    out.extend_from_slice(MAGIC);
    out.push(VERSION);
    out.push(variant.pdn_game_type());
    out.extend_from_slice(&sig.to_bytes());
    out.extend_from_slice(&(values.len() as u64).to_le_bytes());
    out.extend_from_slice(&fnv1a(values).to_le_bytes());
    out.extend_from_slice(&(packed.len() as u32).to_le_bytes());
    out.extend_from_slice(&packed);
    out
}

fn le<const N: usize>(bytes: &[u8], at: usize) -> [u8; N] {
    let mut b = [0u8; N];
    b.copy_from_slice(&bytes[at..at + N]);
    b
}

/// What a table file's header says, checked.
pub(crate) struct Header<'a> {
    pub signature: Signature,
    positions: u64,
    checksum: u32,
    /// The compressed values.
    pub packed: &'a [u8],
}

/// Checks the header of a table file of `variant`.
pub(crate) fn read_header(variant: Variant, bytes: &[u8]) -> Result<Header<'_>, FormatError> {
    if bytes.len() < HEADER {
        if !bytes.is_empty() && !MAGIC.starts_with(&bytes[..bytes.len().min(MAGIC.len())]) {
            return Err(FormatError::BadMagic);
        }
        return Err(FormatError::TooShort { len: bytes.len() });
    }
    if &bytes[..6] != MAGIC {
        return Err(FormatError::BadMagic);
    }
    if bytes[6] != VERSION {
        return Err(FormatError::UnsupportedVersion(bytes[6]));
    }
    let found =
        Variant::from_pdn_game_type(bytes[7]).ok_or(FormatError::UnknownVariant(bytes[7]))?;
    if found != variant {
        return Err(FormatError::WrongVariant {
            expected: variant,
            found,
        });
    }
    let signature = Signature::from_bytes(le(bytes, 8));
    if signature.to_move.count() == 0 || signature.other.count() == 0 {
        return Err(FormatError::BadSignature(signature));
    }
    let positions = u64::from_le_bytes(le(bytes, 12));
    let checksum = u32::from_le_bytes(le(bytes, 20));
    let packed_len = u64::from(u32::from_le_bytes(le(bytes, 24)));
    let present = (bytes.len() - HEADER) as u64;
    if present != packed_len {
        return Err(FormatError::Truncated {
            expected: packed_len,
            found: present,
        });
    }
    let expected = signature.size(variant);
    if positions != expected {
        return Err(FormatError::WrongLength {
            expected,
            found: positions,
        });
    }
    Ok(Header {
        signature,
        positions,
        checksum,
        packed: &bytes[HEADER..],
    })
}

/// Checks decompressed `values` against the header.
pub(crate) fn check_values(header: &Header<'_>, values: &[u8]) -> Result<(), FormatError> {
    if values.len() as u64 != header.positions {
        return Err(FormatError::WrongLength {
            expected: header.positions,
            found: values.len() as u64,
        });
    }
    let computed = fnv1a(values);
    if computed != header.checksum {
        return Err(FormatError::Checksum {
            expected: header.checksum,
            found: computed,
        });
    }
    Ok(())
}

/// Reads a table file of `variant`: its signature and values.
#[cfg(feature = "deflate")]
pub(crate) fn decode_table(
    variant: Variant,
    bytes: &[u8],
) -> Result<(Signature, Vec<u8>), FormatError> {
    let header = read_header(variant, bytes)?;
    let values = miniz_oxide::inflate::decompress_to_vec_with_limit(
        header.packed,
        usize::try_from(header.positions).unwrap_or(usize::MAX),
    )
    .map_err(|e| FormatError::Corrupt(e.to_string()))?;
    check_values(&header, &values)?;
    Ok((header.signature, values))
}
