//! Room ids and seat tokens: random 128-bit values written as 32 lowercase hex digits.

/// A fresh random 128-bit identifier as 32 hex digits.
///
/// # Panics
/// Only if the operating system has no source of randomness, which the server cannot run without.
pub fn random_id() -> String {
    let mut bytes = [0u8; 16];
    #[allow(clippy::expect_used)]
    getrandom::fill(&mut bytes).expect("the operating system provides random bytes");
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Whether `text` has the shape of an id made by [`random_id`] (checked before any lookup).
pub fn is_valid_id(text: &str) -> bool {
    text.len() == 32 && text.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_distinct_hex() {
        let (a, b) = (random_id(), random_id());
        assert!(is_valid_id(&a) && is_valid_id(&b));
        assert_ne!(a, b);
        assert!(!is_valid_id("../etc/passwd"));
        assert!(!is_valid_id(&a.to_uppercase()));
    }
}
