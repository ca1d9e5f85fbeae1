//! Decimal digits without `std::fmt`: the batch deal writers and the kit's
//! page streams write a great many small numbers, and `fmt`'s machinery was
//! a measurable share of their time (see [`crate::games::line::number`] and
//! `kit::content`).

/// `n`'s decimal digits, written at the end of `buf`: the slice holding them.
pub fn digits(mut n: u64, buf: &mut [u8; 20]) -> &[u8] {
    let mut at = buf.len();
    loop {
        at -= 1;
        buf[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    &buf[at..]
}

#[cfg(test)]
mod tests {
    #[test]
    fn digits_are_what_fmt_writes() {
        let mut buf = [0; 20];
        for n in [0, 7, 10, 99, 100, 16_777_215, 4_294_967_295, u64::MAX] {
            assert_eq!(super::digits(n, &mut buf), n.to_string().as_bytes());
        }
    }
}
