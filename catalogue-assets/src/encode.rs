//! Small PNG files: pixels reduced to a palette of 256 colours (with alpha),
//! then compressed with the strongest deflate setting.

use color_quant::NeuQuant;

/// How many pixels NeuQuant skips while learning (1 looks at all of them; 10 is its default).
const SAMPLE_FACTOR: i32 = 10;

/// An indexed PNG of RGBA pixels (not premultiplied).
pub fn indexed_png(rgba: &[u8], width: u32, height: u32) -> Vec<u8> {
    let quant = NeuQuant::new(SAMPLE_FACTOR, 256, rgba);
    let mut palette = quant.color_map_rgba();
    // Runs of one colour (the background, flat cloth) are looked up once.
    let mut last = ([0u8, 0, 0, 0], quant.index_of(&[0, 0, 0, 0]) as u8);
    let indices: Vec<u8> = rgba
        .chunks_exact(4)
        .map(|px| {
            if px != last.0 {
                last = ([px[0], px[1], px[2], px[3]], quant.index_of(px) as u8);
            }
            last.1
        })
        .collect();
    // The background must stay exactly transparent.
    let clear = quant.index_of(&[0, 0, 0, 0]);
    palette[clear * 4..clear * 4 + 4].copy_from_slice(&[0, 0, 0, 0]);

    let (rgb, alpha): (Vec<[u8; 3]>, Vec<u8>) = palette
        .chunks_exact(4)
        .map(|c| ([c[0], c[1], c[2]], c[3]))
        .unzip();
    let mut out = Vec::new();
    let mut enc = png::Encoder::new(&mut out, width, height);
    enc.set_color(png::ColorType::Indexed);
    enc.set_depth(png::BitDepth::Eight);
    enc.set_palette(rgb.concat());
    enc.set_trns(alpha);
    enc.set_compression(png::Compression::High);
    enc.set_filter(png::Filter::NoFilter);
    let mut w = enc.write_header().expect("PNG header");
    w.write_image_data(&indices).expect("PNG data");
    w.finish().expect("PNG end");
    out
}
