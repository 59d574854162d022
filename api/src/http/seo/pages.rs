//! The head of each shareable page, from what the store knows of it: a product (its name, description,
//! picture and price in INR), a shared design (its name and thumbnail), a group order (its title, its design's
//! thumbnail and its deadline, never its organiser), the catalogue, the studio and the policy pages.

use serde_json::json;

use super::head::{Head, Picture, absolute, summary};
use crate::core::groups::views;
use crate::core::pages::Slug;
use crate::db::products::Product;
use crate::error::Failure;
use crate::state::AppState;

/// Descriptions are cut here (what search results show).
const DESCRIPTION_CHARS: usize = 160;
/// The built-in catalogue's pictures (`catalogue-assets`), and every design thumbnail.
const CATALOGUE_PICTURE: (u32, u32) = (600, 720);
const THUMBNAIL: (u32, u32) = (
    crate::core::designs::THUMBNAIL_SIDE,
    crate::core::designs::THUMBNAIL_SIDE,
);

/// Where a policy page is in the app (web/src/api/pages.ts: /shipping is checkout).
pub fn policy_path(slug: Slug) -> String {
    match slug {
        Slug::Shipping => "/shipping-policy".to_string(),
        other => format!("/{}", other.as_str()),
    }
}

/// What a page's head says: None for a page with no head of its own (the app's generic one stays), an error
/// when the page names nothing (an unknown product or link: 404).
pub async fn head_of(
    state: &AppState,
    path: &str,
    site: &str,
    base: &str,
) -> Result<Option<Head>, Failure> {
    let plain = |title: String, description: String| Head {
        title,
        description,
        path: path.to_string(),
        kind: "website",
        picture: None,
        properties: Vec::new(),
        json_ld: None,
    };
    let segments: Vec<&str> = path.trim_start_matches('/').split('/').collect();
    let head = match segments.as_slice() {
        [""] => plain(
            format!("{site} · Custom apparel studio"),
            "Design custom printed shirts and t-shirts online: your logo and text, previewed in 3D, delivered \
             across India."
                .to_string(),
        ),
        ["products"] => plain(
            format!("Custom t-shirts and shirts to print · {site}"),
            "Every garment you can print on: t-shirts, polos and shirts in many colours, priced per piece in \
             rupees with lower prices for larger orders."
                .to_string(),
        ),
        ["design"] => plain(
            format!("Design studio · {site}"),
            "Put your logo, text and pictures on a garment, see it in 3D and order it printed.".to_string(),
        ),
        ["product", id] => product(&crate::core::products::edit::get(state, id).await?, path, site, base),
        ["d", token] => shared_design(state, token, path, site).await?,
        ["g", token] => group(state, token, path, site).await?,
        _ => match Slug::ALL.into_iter().find(|s| policy_path(*s) == path) {
            Some(slug) => {
                let page = crate::core::pages::page(state, slug).await?;
                plain(
                    format!("{} · {site}", page.title),
                    summary(&plain_text(&page.markdown), DESCRIPTION_CHARS),
                )
            }
            None => return Ok(None),
        },
    };
    Ok(Some(head))
}

/// Markdown's words without its marks (headings, emphasis, links' addresses).
fn plain_text(markdown: &str) -> String {
    use pulldown_cmark::{Event, Parser};
    Parser::new(markdown)
        .filter_map(|e| match e {
            Event::Text(t) | Event::Code(t) => Some(t.into_string()),
            Event::SoftBreak | Event::HardBreak | Event::End(_) => Some(" ".to_string()),
            _ => None,
        })
        .collect()
}

/// Its front picture in its first colour, else its primary picture.
pub fn picture_of(p: &Product) -> Option<Picture> {
    if let Some(front) = p.color_images.iter().find_map(|c| c.front_image.as_ref()) {
        let builtin = front.url.starts_with("/api/catalogue/");
        return Some(Picture {
            url: front.url.clone(),
            size: builtin.then_some(CATALOGUE_PICTURE),
        });
    }
    let image = p
        .images
        .iter()
        .find(|i| i.is_primary)
        .or(p.images.first())?;
    Some(Picture {
        url: image.url.clone(),
        size: None,
    })
}

fn product(p: &Product, path: &str, site: &str, base: &str) -> Head {
    let price = format!("{}.{:02}", p.price / 100, p.price % 100);
    let picture = picture_of(p);
    let availability = if p.stock > 0 {
        "https://schema.org/InStock"
    } else {
        "https://schema.org/OutOfStock"
    };
    let description = summary(&p.description, DESCRIPTION_CHARS);
    let json_ld = json!({
        "@context": "https://schema.org",
        "@type": "Product",
        "name": p.name,
        "description": description,
        "sku": p.id,
        "category": p.category,
        "brand": {"@type": "Brand", "name": if p.brand.is_empty() { site } else { &p.brand }},
        "image": picture.as_ref().map(|i| vec![absolute(base, &i.url)]),
        "offers": {
            "@type": "Offer",
            "price": price,
            "priceCurrency": "INR",
            "availability": availability,
            "url": absolute(base, path),
        },
    });
    Head {
        title: format!("{} · {site}", p.name),
        description,
        path: path.to_string(),
        kind: "product",
        picture,
        properties: vec![
            ("product:price:amount", price),
            ("product:price:currency", "INR".to_string()),
        ],
        json_ld: Some(json_ld),
    }
}

async fn shared_design(
    state: &AppState,
    token: &str,
    path: &str,
    site: &str,
) -> Result<Head, Failure> {
    let row = crate::core::designs::shared::by_token(state, token).await?;
    Ok(Head {
        title: format!("{} · a design on {site}", row.name),
        description: format!(
            "A {} design shared from {site}: see it, then make it yours in the studio.",
            row.product_name
        ),
        path: path.to_string(),
        kind: "website",
        picture: Some(Picture {
            url: format!("/api/shared-designs/{token}/thumbnail"),
            size: Some(THUMBNAIL),
        }),
        properties: Vec::new(),
        json_ld: None,
    })
}

/// The title, product and deadline only: not the organiser's name or contact, nor the members.
async fn group(state: &AppState, token: &str, path: &str, site: &str) -> Result<Head, Failure> {
    let view = views::public(state, token).await?;
    let deadline = crate::core::documents::en_gb_date(view.group.deadline);
    Ok(Head {
        title: format!("{} · group order on {site}", view.group.title),
        description: format!(
            "Join this group order for {}: pick your size by {deadline}.",
            view.product_name
        ),
        path: path.to_string(),
        kind: "website",
        picture: Some(Picture {
            url: format!("/api/group-orders/by-token/{token}/thumbnail"),
            size: Some(THUMBNAIL),
        }),
        properties: Vec::new(),
        json_ld: None,
    })
}
