//! Background removal: the colour that surrounds a logo is found on its
//! border and flooded away from the border inwards, within a tolerance, so
//! the subject (and same-coloured areas inside it, like the white of an eye)
//! is kept. Pixels on the edge of the removed region are feathered.

use std::collections::HashMap;

use image::{Rgba, RgbaImage};

/// A tolerance that removes a photographed white or flat-colour background.
pub const DEFAULT_TOLERANCE: u8 = 40;

const TRANSPARENT_BELOW: u8 = 16;

fn distance_sq(a: &Rgba<u8>, b: [i32; 3]) -> i32 {
    (0..3).map(|i| (i32::from(a[i]) - b[i]).pow(2)).sum()
}

/// The most common colour along the border (ties go to the larger colour
/// value, so the choice is deterministic). `None` when the border is transparent.
fn border_colour(img: &RgbaImage) -> Option<[i32; 3]> {
    let (w, h) = img.dimensions();
    let border = (0..w)
        .flat_map(|x| [(x, 0), (x, h - 1)])
        .chain((0..h).flat_map(|y| [(0, y), (w - 1, y)]));
    let mut counts: HashMap<[u8; 3], u32> = HashMap::new();
    for (x, y) in border {
        let p = img.get_pixel(x, y);
        if p[3] >= TRANSPARENT_BELOW {
            *counts.entry([p[0], p[1], p[2]]).or_default() += 1;
        }
    }
    let (colour, _) = counts.into_iter().max_by_key(|&(c, n)| (n, c))?;
    Some(colour.map(i32::from))
}

/// Makes the border-connected background transparent. `tolerance` is a
/// colour distance (0 removes only the exact colour; 255 almost anything).
pub fn remove_background(img: &RgbaImage, tolerance: u8) -> RgbaImage {
    let mut out = img.clone();
    let (w, h) = img.dimensions();
    if w == 0 || h == 0 {
        return out;
    }
    let Some(bg) = border_colour(img) else {
        return out;
    };
    let t = i32::from(tolerance);
    let limit = t * t;
    let idx = |x: u32, y: u32| (y as usize) * (w as usize) + x as usize;
    let is_bg = |p: &Rgba<u8>| p[3] < TRANSPARENT_BELOW || distance_sq(p, bg) <= limit;

    let removed = flood(img, &is_bg);
    for y in 0..h {
        for x in 0..w {
            let i = idx(x, y);
            if removed[i] {
                out.get_pixel_mut(x, y)[3] = 0;
                continue;
            }
            // Feather the subject's rim: pixels next to the removed region
            // that are close to the background colour become partly transparent.
            let touches = (x > 0 && removed[i - 1])
                || (x + 1 < w && removed[i + 1])
                || (y > 0 && removed[i - w as usize])
                || (y + 1 < h && removed[i + w as usize]);
            if touches && t > 0 {
                let p = img.get_pixel(x, y);
                let d = isqrt(distance_sq(p, bg));
                if d < 2 * t {
                    let keep = ((d - t).max(0) * 255 / t).min(255);
                    out.get_pixel_mut(x, y)[3] = ((i32::from(p[3]) * keep) / 255) as u8;
                }
            }
        }
    }
    out
}

/// The background connected to the border, one row's span at a time: the
/// line to visit holds a seed per span (about the picture's height and width,
/// where a pixel at a time could hold most of its pixels: 100 MB and more for a
/// flat 3,600-pixel square). The span set is the same whatever the order.
fn flood(img: &RgbaImage, is_bg: &impl Fn(&Rgba<u8>) -> bool) -> Vec<bool> {
    let (w, h) = img.dimensions();
    let mut removed = vec![false; (w as usize) * (h as usize)];
    let open = |removed: &[bool], x: u32, y: u32| {
        !removed[(y as usize) * (w as usize) + x as usize] && is_bg(img.get_pixel(x, y))
    };
    let mut seeds: Vec<(u32, u32)> = Vec::new();
    for x in 0..w {
        seeds.extend([(x, 0), (x, h - 1)]);
    }
    for y in 0..h {
        seeds.extend([(0, y), (w - 1, y)]);
    }
    while let Some((x, y)) = seeds.pop() {
        if !open(&removed, x, y) {
            continue;
        }
        let (mut left, mut right) = (x, x);
        while left > 0 && open(&removed, left - 1, y) {
            left -= 1;
        }
        while right + 1 < w && open(&removed, right + 1, y) {
            right += 1;
        }
        let row = (y as usize) * (w as usize);
        removed[row + left as usize..=row + right as usize].fill(true);
        // One seed for each run of open pixels above and below the span.
        for ny in [y.checked_sub(1), (y + 1 < h).then_some(y + 1)]
            .into_iter()
            .flatten()
        {
            let mut in_run = false;
            for nx in left..=right {
                let o = open(&removed, nx, ny);
                if o && !in_run {
                    seeds.push((nx, ny));
                }
                in_run = o;
            }
        }
    }
    removed
}

fn isqrt(v: i32) -> i32 {
    (f64::from(v)).sqrt() as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A red disc with a white "eye" inside it, on a white background.
    fn logo(size: u32) -> RgbaImage {
        let c = size as i32 / 2;
        RgbaImage::from_fn(size, size, |x, y| {
            let d2 = (x as i32 - c).pow(2) + (y as i32 - c).pow(2);
            if d2 < (size as i32 / 10).pow(2) {
                Rgba([255, 255, 255, 255])
            } else if d2 < (size as i32 * 4 / 10).pow(2) {
                Rgba([220, 30, 30, 255])
            } else {
                Rgba([250, 250, 248, 255])
            }
        })
    }

    #[test]
    fn removes_the_surrounding_background_and_keeps_the_subject() {
        let img = logo(100);
        let out = remove_background(&img, DEFAULT_TOLERANCE);
        assert_eq!(out.get_pixel(0, 0)[3], 0);
        assert_eq!(out.get_pixel(99, 50)[3], 0);
        assert_eq!(*out.get_pixel(50, 25), Rgba([220, 30, 30, 255]));
        // The white inside the subject is not connected to the border: kept.
        assert_eq!(*out.get_pixel(50, 50), Rgba([255, 255, 255, 255]));
    }

    /// The span flood removes exactly the pixels a pixel-at-a-time flood
    /// does, on a picture of winding walls and pockets (a maze from a fixed
    /// sequence: the same picture every run).
    #[test]
    fn the_span_flood_reaches_what_a_pixel_flood_reaches() {
        let mut seed = 12_345u32;
        let mut next = move || {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            seed >> 16
        };
        let (w, h) = (97u32, 61u32);
        let img = RgbaImage::from_fn(w, h, |_, _| {
            if next() % 3 == 0 {
                Rgba([20, 20, 20, 255])
            } else {
                Rgba([250, 250, 250, 255])
            }
        });
        let is_bg = |p: &Rgba<u8>| p[0] > 200;
        let mut reference = vec![false; (w * h) as usize];
        let mut stack: Vec<(u32, u32)> = (0..w)
            .flat_map(|x| [(x, 0), (x, h - 1)])
            .chain((0..h).flat_map(|y| [(0, y), (w - 1, y)]))
            .collect();
        while let Some((x, y)) = stack.pop() {
            let i = (y * w + x) as usize;
            if reference[i] || !is_bg(img.get_pixel(x, y)) {
                continue;
            }
            reference[i] = true;
            if x > 0 {
                stack.push((x - 1, y));
            }
            if x + 1 < w {
                stack.push((x + 1, y));
            }
            if y > 0 {
                stack.push((x, y - 1));
            }
            if y + 1 < h {
                stack.push((x, y + 1));
            }
        }
        let removed = flood(&img, &is_bg);
        assert!(removed.iter().any(|r| *r) && removed.iter().any(|r| !*r));
        assert_eq!(removed, reference);
    }

    #[test]
    fn zero_tolerance_removes_only_the_exact_colour() {
        let mut img = logo(40);
        img.put_pixel(0, 0, Rgba([240, 240, 240, 255]));
        let out = remove_background(&img, 0);
        assert_eq!(out.get_pixel(0, 0)[3], 255);
        assert_eq!(out.get_pixel(1, 0)[3], 0);
    }

    #[test]
    fn a_transparent_image_is_left_alone() {
        let img = RgbaImage::from_pixel(10, 10, Rgba([0, 0, 0, 0]));
        assert_eq!(remove_background(&img, 40), img);
    }
}
