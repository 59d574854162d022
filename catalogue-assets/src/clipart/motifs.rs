//! The Indian motifs, drawn here as original SVG (no outside source): rangoli,
//! mandalas, lotuses, diyas, paisleys, kalash, torans, peacock feathers and
//! kolam dots, each family in a few variants. CC0: the store made them.

use std::f32::consts::PI;
use std::fmt::Write;

/// (id, name, tags, svg) of every motif.
pub fn motifs() -> Vec<(String, String, Vec<&'static str>, String)> {
    let mut out = Vec::new();
    let mut add = |id: String, name: String, tags: &[&'static str], body: String, vb: &str| {
        let svg =
            format!(r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="{vb}">{body}</svg>"##);
        out.push((id, name, tags.to_vec(), svg));
    };
    const SQ: &str = "0 0 100 100";
    for n in 6..16 {
        add(
            format!("mandala-{n}"),
            format!("Mandala, {n} petals"),
            &["mandala", "circle", "pattern", "yoga"],
            mandala(n),
            SQ,
        );
    }
    for n in 4..14 {
        add(
            format!("rangoli-{n}"),
            format!("Rangoli, {n} points"),
            &["rangoli", "diwali", "festival", "pattern"],
            rangoli(n),
            SQ,
        );
    }
    for n in 5..13 {
        add(
            format!("lotus-{n}"),
            format!("Lotus, {n} petals"),
            &["lotus", "flower", "kamal", "puja"],
            lotus(n),
            SQ,
        );
    }
    for v in 0..6 {
        add(
            format!("diya-{}", v + 1),
            format!("Diya {}", v + 1),
            &["diya", "lamp", "diwali", "deepavali", "festival"],
            diya(v),
            SQ,
        );
    }
    for v in 0..6 {
        add(
            format!("paisley-{}", v + 1),
            format!("Paisley {}", v + 1),
            &["paisley", "mango", "kalka", "bandhani"],
            paisley(v),
            SQ,
        );
    }
    for v in 0..4 {
        add(
            format!("kalash-{}", v + 1),
            format!("Kalash {}", v + 1),
            &["kalash", "pot", "puja", "wedding", "griha pravesh"],
            kalash(v),
            SQ,
        );
    }
    for n in [5, 7, 9, 11, 13, 15] {
        add(
            format!("toran-{n}"),
            format!("Toran, {n} leaves"),
            &["toran", "bandhanwar", "door", "wedding", "festival"],
            toran(n),
            "0 0 200 60",
        );
    }
    for v in 0..4 {
        add(
            format!("peacock-feather-{}", v + 1),
            format!("Peacock feather {}", v + 1),
            &["peacock", "feather", "mor pankh", "krishna"],
            feather(v),
            "0 0 60 100",
        );
    }
    for n in 3..9 {
        add(
            format!("kolam-{n}"),
            format!("Kolam, {n} by {n} dots"),
            &["kolam", "muggulu", "pongal", "dots", "pattern"],
            kolam(n),
            SQ,
        );
    }
    out
}

fn rot(i: usize, n: usize) -> f32 {
    360.0 * i as f32 / n as f32
}

fn mandala(n: usize) -> String {
    let mut s = String::from(
        r##"<g fill="none" stroke="#000" stroke-width="2"><circle cx="50" cy="50" r="46"/><circle cx="50" cy="50" r="12"/></g><circle cx="50" cy="50" r="5"/>"##,
    );
    for i in 0..n {
        let a = rot(i, n);
        let _ = write!(
            s,
            r##"<path fill="none" stroke="#000" stroke-width="2" transform="rotate({a} 50 50)" d="M50 38 C40 30 42 14 50 8 C58 14 60 30 50 38Z"/>"##
        );
        let _ = write!(
            s,
            r##"<circle transform="rotate({} 50 50)" cx="50" cy="8" r="2.5"/>"##,
            a + 180.0 / n as f32
        );
    }
    s
}

fn rangoli(n: usize) -> String {
    let mut d = String::new();
    for k in 0..2 * n {
        let r = if k % 2 == 0 { 46.0 } else { 20.0 };
        let a = PI * k as f32 / n as f32 - PI / 2.0;
        let _ = write!(
            d,
            "{}{:.2} {:.2} ",
            if k == 0 { 'M' } else { 'L' },
            50.0 + r * a.cos(),
            50.0 + r * a.sin()
        );
    }
    let mut s = format!(
        r##"<path fill-rule="evenodd" d="{d}Z M50 38 A12 12 0 1 0 50.01 38Z"/><circle cx="50" cy="50" r="6"/>"##
    );
    for k in 0..n {
        let a = PI * (2 * k + 1) as f32 / n as f32 - PI / 2.0;
        let _ = write!(
            s,
            r##"<circle cx="{:.2}" cy="{:.2}" r="3"/>"##,
            50.0 + 34.0 * a.cos(),
            50.0 + 34.0 * a.sin()
        );
    }
    s
}

fn lotus(n: usize) -> String {
    let mut s = String::new();
    let spread = 150.0;
    for i in 0..n {
        let a = -spread / 2.0 + spread * i as f32 / (n - 1) as f32;
        let len = 40.0 - (a.abs() / spread) * 18.0;
        let _ = write!(
            s,
            r##"<path transform="rotate({a:.2} 50 78)" d="M50 78 C40 {m:.1} 44 {t:.1} 50 {t:.1} C56 {t:.1} 60 {m:.1} 50 78Z"/>"##,
            m = 78.0 - len * 0.6,
            t = 78.0 - len
        );
    }
    s.push_str(r##"<path fill="none" stroke="#000" stroke-width="3" d="M18 86 Q50 96 82 86"/>"##);
    s
}

fn diya(v: usize) -> String {
    let depth = 18.0 + 3.0 * v as f32;
    let flame = 22.0 + 4.0 * (v % 3) as f32;
    let mut s = format!(
        r##"<path d="M12 62 Q50 {b:.1} 88 62 Q70 66 50 66 Q30 66 12 62Z"/><path d="M50 {top:.1} C42 {m:.1} 44 52 50 56 C56 52 58 {m:.1} 50 {top:.1}Z"/>"##,
        b = 62.0 + depth * 1.6,
        top = 56.0 - flame,
        m = 56.0 - flame * 0.45
    );
    if v % 2 == 1 {
        s.push_str(r##"<g fill="none" stroke="#000" stroke-width="2"><path d="M30 22 L34 28 M70 22 L66 28 M50 12 L50 18"/></g>"##);
    }
    if v >= 3 {
        s.push_str(r##"<rect x="38" y="88" width="24" height="5" rx="2"/>"##);
    }
    s
}

fn paisley(v: usize) -> String {
    let tilt = -20.0 + 10.0 * v as f32;
    let mut s = format!(
        r##"<g transform="rotate({tilt} 50 50)"><path fill="none" stroke="#000" stroke-width="3" d="M50 88 C20 88 16 56 30 40 C44 24 70 24 74 10 C86 34 84 88 50 88Z"/>"##
    );
    s.push_str(r##"<path d="M50 76 C34 76 32 58 42 50 C52 42 64 44 66 32 C72 48 70 76 50 76Z"/>"##);
    for k in 0..v + 2 {
        let _ = write!(
            s,
            r##"<circle cx="{}" cy="{}" r="2.4" fill="#fff"/>"##,
            46 + (k % 3) * 6,
            58 + (k / 3) * 8
        );
    }
    s.push_str("</g>");
    s
}

fn kalash(v: usize) -> String {
    let mut s = String::from(
        r##"<path d="M30 52 Q22 74 36 88 L64 88 Q78 74 70 52 Q60 46 50 46 Q40 46 30 52Z"/><rect x="36" y="40" width="28" height="6" rx="2"/>"##,
    );
    let leaves = 3 + v;
    for i in 0..leaves {
        let a = -60.0 + 120.0 * i as f32 / (leaves - 1) as f32;
        let _ = write!(
            s,
            r##"<path transform="rotate({a:.1} 50 40)" d="M50 40 C44 30 46 20 50 14 C54 20 56 30 50 40Z"/>"##
        );
    }
    s.push_str(r##"<circle cx="50" cy="26" r="9"/><path fill="none" stroke="#fff" stroke-width="2" d="M34 66 H66"/>"##);
    if v % 2 == 1 {
        s.push_str(r##"<path fill="#fff" d="M50 70 L53 76 L50 82 L47 76Z"/>"##);
    }
    s
}

fn toran(n: usize) -> String {
    let mut s = String::from(
        r##"<path fill="none" stroke="#000" stroke-width="3" d="M4 8 Q100 22 196 8"/>"##,
    );
    for i in 0..n {
        let x = 10.0 + 180.0 * i as f32 / (n - 1) as f32;
        let y = 8.0 + 14.0 * (1.0 - ((x - 100.0) / 96.0).powi(2)) * 0.5;
        let len = if i % 2 == 0 { 40.0 } else { 28.0 };
        let _ = write!(
            s,
            r##"<path d="M{x:.1} {y:.1} C{a:.1} {m:.1} {a:.1} {e:.1} {x:.1} {t:.1} C{b:.1} {e:.1} {b:.1} {m:.1} {x:.1} {y:.1}Z"/>"##,
            a = x - 6.0,
            b = x + 6.0,
            m = y + len * 0.3,
            e = y + len * 0.8,
            t = y + len
        );
    }
    s
}

fn feather(v: usize) -> String {
    let bend = -8.0 + 5.0 * v as f32;
    let mut s = format!(
        r##"<path fill="none" stroke="#000" stroke-width="2" d="M30 98 Q{c:.1} 60 30 8"/>"##,
        c = 30.0 + bend
    );
    s.push_str(r##"<path fill="none" stroke="#000" stroke-width="2.5" d="M30 6 C6 14 8 44 30 50 C52 44 54 14 30 6Z"/><path d="M30 16 C18 20 18 38 30 42 C42 38 42 20 30 16Z"/><circle cx="30" cy="30" r="5" fill="#fff"/>"##);
    for k in 0..(4 + v) {
        let y = 54.0 + 9.0 * k as f32;
        let _ = write!(
            s,
            r##"<path fill="none" stroke="#000" stroke-width="1.5" d="M30 {y} L16 {a} M30 {y} L44 {a}"/>"##,
            a = y - 6.0
        );
    }
    s
}

fn kolam(n: usize) -> String {
    let step = 80.0 / (n - 1).max(1) as f32;
    let mut s = String::from(r##"<g fill="none" stroke="#000" stroke-width="2.5">"##);
    for i in 0..n - 1 {
        for j in 0..n - 1 {
            let (x, y) = (
                10.0 + step * (i as f32 + 0.5),
                10.0 + step * (j as f32 + 0.5),
            );
            let r = step * 0.5;
            let _ = write!(
                s,
                r##"<path d="M{a:.2} {y:.2} Q{x:.2} {t:.2} {b:.2} {y:.2} Q{x:.2} {u:.2} {a:.2} {y:.2}Z"/>"##,
                a = x - r,
                b = x + r,
                t = y - r * 1.1,
                u = y + r * 1.1
            );
        }
    }
    s.push_str("</g>");
    for i in 0..n {
        for j in 0..n {
            let _ = write!(
                s,
                r##"<circle cx="{:.2}" cy="{:.2}" r="2.6"/>"##,
                10.0 + step * i as f32,
                10.0 + step * j as f32
            );
        }
    }
    s
}
