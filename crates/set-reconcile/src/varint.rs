//! Protocol v1 varints: big-endian base-128, the high bit set on every byte but the last.

/// Longest varint of a `u64` (64 bits in 7-bit groups).
pub const MAX_LEN: usize = 10;

/// Encodes `value` into the tail of `buf` and returns the encoded bytes.
#[inline]
pub fn encode_to_array(mut value: u64, buf: &mut [u8; MAX_LEN]) -> &[u8] {
    let mut start = MAX_LEN - 1;
    buf[start] = (value & 0x7f) as u8;
    value >>= 7;
    while value != 0 {
        start -= 1;
        buf[start] = 0x80 | (value & 0x7f) as u8;
        value >>= 7;
    }
    &buf[start..]
}

/// Appends the varint of `value` to `out`.
#[inline]
pub fn encode(value: u64, out: &mut Vec<u8>) {
    if value < 0x80 {
        out.push(value as u8);
        return;
    }
    let mut buf = [0u8; MAX_LEN];
    out.extend_from_slice(encode_to_array(value, &mut buf));
}

/// Why a varint could not be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DecodeError {
    /// The input ended before a byte without the continuation bit.
    Truncated,
    /// The value does not fit in 64 bits.
    Overflow,
}

/// Decodes one varint from the front of `input`, returning the value and the bytes read.
#[inline]
pub fn decode(input: &[u8]) -> Result<(u64, usize), DecodeError> {
    let mut value: u64 = 0;
    for (index, &byte) in input.iter().enumerate() {
        if value > (u64::MAX >> 7) {
            return Err(DecodeError::Overflow);
        }
        value = (value << 7) | u64::from(byte & 0x7f);
        if byte & 0x80 == 0 {
            return Ok((value, index + 1));
        }
    }
    Err(DecodeError::Truncated)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_edges() {
        for value in [0, 1, 127, 128, 300, 16383, 16384, u64::MAX - 1, u64::MAX] {
            let mut out = Vec::new();
            encode(value, &mut out);
            assert_eq!(decode(&out), Ok((value, out.len())), "{value}");
        }
        let mut out = Vec::new();
        encode(u64::MAX, &mut out);
        assert_eq!(out.len(), MAX_LEN);
        assert_eq!(out[0], 0x81);
    }

    #[test]
    fn known_encodings() {
        let mut out = Vec::new();
        encode(300, &mut out);
        assert_eq!(out, [0x82, 0x2c]);
    }

    #[test]
    fn rejects_truncated_and_overflowing() {
        assert_eq!(decode(&[]), Err(DecodeError::Truncated));
        assert_eq!(decode(&[0x80, 0x81]), Err(DecodeError::Truncated));
        // 2^64 needs 65 bits.
        let too_big = [0x82, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00];
        assert_eq!(decode(&too_big), Err(DecodeError::Overflow));
        let mut long = vec![0xff; 11];
        long.push(0);
        assert_eq!(decode(&long), Err(DecodeError::Overflow));
        // Leading zero groups are tolerated, as the reference does.
        assert_eq!(decode(&[0x80, 0x80, 0x05]), Ok((5, 3)));
    }
}
