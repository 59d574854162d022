//! Log lines name no e-mail address and no mobile number: a provider's or a
//! database's error text (a relay's "550 <asha@example.com>: no such user",
//! an SMS gateway echoing the number) is masked before it is logged.

/// `text` with each e-mail address as `a***@example.com` and each Indian
/// mobile number (ten digits from 6 to 9, after 0 or 91, with spaces,
/// dashes or a leading + between them) as `******3210`. Other digit runs
/// (Unix-ms times, dates, ids) stay.
pub fn contacts(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        if let Some(end) = email_at(&chars, i) {
            let at = chars[i..end].iter().position(|&c| c == '@').unwrap() + i;
            out.push(chars[i]);
            out.push_str("***");
            out.extend(&chars[at..end]);
            i = end;
        } else if let Some((end, last)) = phone_at(&chars, i) {
            out.push_str("******");
            out.push_str(&last);
            i = end;
        } else {
            out.push(chars[i]);
            i += 1;
        }
    }
    out
}

fn local_char(c: char) -> bool {
    c.is_alphanumeric() || "._%+-'".contains(c)
}

fn domain_char(c: char) -> bool {
    c.is_alphanumeric() || c == '.' || c == '-'
}

/// The end of an e-mail address starting at `i` (not inside a longer word).
fn email_at(chars: &[char], i: usize) -> Option<usize> {
    if !local_char(chars[i]) || (i > 0 && local_char(chars[i - 1])) {
        return None;
    }
    let mut j = i;
    while j < chars.len() && local_char(chars[j]) {
        j += 1;
    }
    if j == i || chars.get(j) != Some(&'@') {
        return None;
    }
    let mut end = j + 1;
    while end < chars.len() && domain_char(chars[end]) {
        end += 1;
    }
    // A sentence's full stop is not the domain's.
    while end > j + 1 && chars[end - 1] == '.' {
        end -= 1;
    }
    chars[j + 1..end].contains(&'.').then_some(end)
}

/// The end of a mobile number starting at `i`, and its last four digits.
fn phone_at(chars: &[char], i: usize) -> Option<(usize, String)> {
    let starts = chars[i] == '+' || chars[i].is_ascii_digit();
    if !starts || (i > 0 && chars[i - 1].is_alphanumeric()) {
        return None;
    }
    let mut digits = String::new();
    let mut j = if chars[i] == '+' { i + 1 } else { i };
    let mut end = j;
    while j < chars.len() {
        match chars[j] {
            c if c.is_ascii_digit() => {
                digits.push(c);
                j += 1;
                end = j;
            }
            ' ' | '-' if chars.get(j + 1).is_some_and(char::is_ascii_digit) => j += 1,
            _ => break,
        }
    }
    let whole = end >= chars.len() || !chars[end].is_alphanumeric();
    // India's mobiles: ten digits from 6 to 9, after a 0 or 91 if any.
    let mobile = match digits.len() {
        10 => Some(digits.as_str()),
        11 => digits.strip_prefix('0'),
        12 => digits.strip_prefix("91"),
        _ => None,
    };
    let mobile = mobile.is_some_and(|m| m.starts_with(['6', '7', '8', '9']));
    (whole && mobile).then(|| (end, digits[digits.len() - 4..].to_string()))
}

#[cfg(test)]
mod tests {
    use super::contacts;

    #[test]
    fn addresses_and_numbers_are_masked_and_the_rest_kept() {
        assert_eq!(
            contacts("550 5.1.1 <asha.rao@example.com>: Recipient address rejected."),
            "550 5.1.1 <a***@example.com>: Recipient address rejected."
        );
        assert_eq!(
            contacts("Mail to ravi@example.co.in."),
            "Mail to r***@example.co.in."
        );
        assert_eq!(
            contacts("mobile +91 98765 43210 invalid; 9876543210, 919876543210"),
            "mobile ******3210 invalid; ******3210, ******3210"
        );
        for kept in [
            "order ORD-20261128-000001 at 1794294000000",
            "error 550 after 3 tries",
            "at 2026-11-28 12:00, 1234567890",
            "id 64f1a2b3c4d5e6f708190a01",
            "x@y",
        ] {
            assert_eq!(contacts(kept), kept);
        }
    }
}
