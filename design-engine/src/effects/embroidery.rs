//! The embroidery effect: colours reduced to thread shades, a satin-stitch
//! texture (short diagonal stitches laid in brick rows, each bright in the
//! middle where the thread catches the light), and a darker stitched rim.
//! Stitch size follows the image size, so the look is the same at any resolution.

use image::{Rgba, RgbaImage};

pub fn embroider(img: &RgbaImage) -> RgbaImage {
    let (w, h) = img.dimensions();
    let stitch = (w.max(h) / 48).clamp(4, 64) as i64; // stitch length in pixels
    let row = (stitch / 2).max(2); // row width across the stitches
    let rim = (stitch / 3).max(1) as u32;
    let opaque = |x: i64, y: i64| {
        x >= 0
            && y >= 0
            && x < i64::from(w)
            && y < i64::from(h)
            && img.get_pixel(x as u32, y as u32)[3] >= 128
    };

    RgbaImage::from_fn(w, h, |x, y| {
        let p = img.get_pixel(x, y);
        if p[3] == 0 {
            return *p;
        }
        let (xi, yi) = (i64::from(x), i64::from(y));
        // Along the stitch (diagonal u) and across the rows (diagonal v).
        let u = xi + yi;
        let v = xi - yi + 4 * i64::from(h);
        let row_index = v / row;
        let phase = (u + row_index * (stitch / 2)).rem_euclid(stitch);
        let half = stitch / 2;
        // 0 at a stitch's ends, `half` in its middle.
        let lift = half - (phase - half).abs();
        let mut light = 196 + lift * 80 / half.max(1); // 196..276 of 256
        if v.rem_euclid(row) == 0 {
            light -= 56; // the gap between rows of thread
        }
        let r = i64::from(rim);
        let on_rim = [(-r, 0), (r, 0), (0, -r), (0, r)]
            .iter()
            .any(|(dx, dy)| !opaque(xi + dx, yi + dy));
        if on_rim {
            light = light * 3 / 4;
        }
        let shade = |c: u8| {
            let thread = i64::from(c / 24) * 24 + 12; // a limited palette of thread shades
            (thread * light / 256).clamp(0, 255) as u8
        };
        Rgba([shade(p[0]), shade(p[1]), shade(p[2]), p[3]])
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adds_a_visible_texture_and_keeps_transparency() {
        let mut img = RgbaImage::from_pixel(96, 96, Rgba([30, 120, 200, 255]));
        img.put_pixel(0, 0, Rgba([0, 0, 0, 0]));
        let out = embroider(&img);
        assert_eq!(out.dimensions(), (96, 96));
        assert_eq!(out.get_pixel(0, 0)[3], 0);
        let lum: Vec<u32> = out
            .pixels()
            .map(|p| u32::from(p[0]) + u32::from(p[1]) + u32::from(p[2]))
            .collect();
        let (min, max) = (lum.iter().min().unwrap(), lum.iter().max().unwrap());
        // A flat colour becomes a texture with clearly lighter and darker threads.
        assert!(max - min > 60, "texture too faint: {min}..{max}");
        // The centre keeps the hue: blue stays the dominant channel.
        let c = out.get_pixel(48, 48);
        assert!(c[2] > c[1] && c[1] > c[0]);
    }

    #[test]
    fn the_rim_is_darker_than_the_inside() {
        let img = RgbaImage::from_fn(96, 96, |x, y| {
            if (20..76).contains(&x) && (20..76).contains(&y) {
                Rgba([200, 200, 200, 255])
            } else {
                Rgba([0, 0, 0, 0])
            }
        });
        let out = embroider(&img);
        let avg = |pts: &[(u32, u32)]| {
            pts.iter()
                .map(|&(x, y)| u32::from(out.get_pixel(x, y)[0]))
                .sum::<u32>()
                / pts.len() as u32
        };
        let rim: Vec<_> = (20..76).map(|i| (20, i)).collect();
        let inside: Vec<_> = (20..76).map(|i| (48, i)).collect();
        assert!(avg(&rim) < avg(&inside));
    }
}
