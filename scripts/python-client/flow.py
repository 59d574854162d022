"""A shopper's way through the store with the client generated from openapi.json
(scripts/python-client.sh): register, sign in, list products, upload a logo, add
a two-area design to the cart, read the cart back, create an order, read it,
and fetch two binary downloads as docs/api.md says (the generator types JSON
only). Every body is one of the client's typed models, never a dict, so an
operation or a schema that the generator lost fails here.

Environment: STORE_API_URL, a dev-mode server's base URL (http://127.0.0.1:PORT/api);
the generated package `store_client` on PYTHONPATH.
"""

import hashlib
import io
import os
import pathlib
import sys
import uuid

from store_client import AuthenticatedClient, Client
from store_client.api.artwork import get_artwork_sha256, put_artwork_sha256
from store_client.api.auth import get_auth_me, post_auth_login, post_auth_register
from store_client.api.cart import get_cart, post_cart_items
from store_client.api.orders import get_orders_id, get_orders_id_invoice_pdf
from store_client.api.payments import post_payments_create_order
from store_client.api.products import get_products
from store_client.models import (
    AddItemRequest,
    AddressInput,
    Area,
    Areas,
    CartItem,
    CreateOrderRequest,
    Design,
    EnvelopeArtworkInfo,
    EnvelopeAuthData,
    EnvelopeCartDto,
    EnvelopeCreatedOrder,
    EnvelopeListProductDto,
    EnvelopeOrder,
    EnvelopeUserDto,
    Font,
    ImageAsset,
    ImageElementType0 as ImageElement,
    LoginRequest,
    OrderItem,
    OrderStatus,
    Quantities,
    RegisterRequest,
    Role,
    TextElement,
    UserDto,
)
from store_client.types import File

API = os.environ["STORE_API_URL"]
LOGO = pathlib.Path(__file__).resolve().parents[2] / "design-engine/tests/fixtures/logo.png"


def download(response, mime):
    """A binary download's bytes: the generated function's answer holds them (only errors are parsed)."""
    assert response.status_code == 200 and response.headers["content-type"].startswith(mime), response
    return response.content


def data(response, envelope):
    """The answer's `data`, parsed into the envelope's model, or a failure saying what came instead."""
    if not isinstance(response.parsed, envelope):
        sys.exit(f"expected {envelope.__name__}, got HTTP {response.status_code}: {response.content[:300]!r}")
    return response.parsed.data


visitor = Client(base_url=API)
email, password = f"client-{uuid.uuid4().hex[:12]}@example.com", "generated client"
body = RegisterRequest(name="Client Shopper", email=email, password=password)
registered = data(post_auth_register.sync_detailed(client=visitor, body=body), EnvelopeAuthData)
assert isinstance(registered.user, UserDto) and registered.user.role is Role.USER, registered
signed_in = data(post_auth_login.sync_detailed(client=visitor, body=LoginRequest(email=email, password=password)), EnvelopeAuthData)
shopper = AuthenticatedClient(base_url=API, token=signed_in.access_token)
assert data(get_auth_me.sync_detailed(client=shopper), EnvelopeUserDto).email == email

products = data(get_products.sync_detailed(client=visitor), EnvelopeListProductDto)
product = next(p for p in products if p.colors)

logo = LOGO.read_bytes()
sha256 = hashlib.sha256(logo).hexdigest()
artwork = data(
    put_artwork_sha256.sync_detailed(sha256, client=shopper, body=File(payload=io.BytesIO(logo), mime_type="image/png")),
    EnvelopeArtworkInfo,
)
assert download(get_artwork_sha256.sync_detailed(sha256, client=shopper), "image/png") == logo
asset = ImageAsset(sha256=artwork.sha256, mime=artwork.mime, bytes_=artwork.bytes_, width=artwork.width, height=artwork.height)
design = Design(
    version=1,
    product_id=product.field_id,
    color=product.default_color,
    # Areas and quantities are maps keyed by the product's area keys and size labels (lower case).
    areas=Areas.from_dict({
        "leftChest": Area(text=TextElement(text="Team", font=Font.GEORGIA, size=20, color="#ffffff")).to_dict(),
        "back": Area(image=ImageElement(asset=asset, name="logo.png")).to_dict(),
    }),
    quantities=Quantities.from_dict({"m": 25}),
)
data(post_cart_items.sync_detailed(client=shopper, body=AddItemRequest(design=design)), EnvelopeCartDto)

cart = data(get_cart.sync_detailed(client=shopper), EnvelopeCartDto)
[line] = cart.items
assert isinstance(line, CartItem) and (line.product_id, line.item_count, line.elements) == (product.field_id, 25, 2), line
assert line.design.areas["leftChest"].text.font is Font.GEORGIA and line.design.areas["back"].image.asset.sha256 == sha256, line
assert line.line_total > 0 and cart.total_price >= line.line_total, cart

address = AddressInput(
    email=email, full_name="Client Shopper", phone="9876543210", address_line_1="12 Janpath",
    city="New Delhi", state="Delhi", zip_code="110001",
)
created = data(
    post_payments_create_order.sync_detailed(
        client=shopper,
        body=CreateOrderRequest(
            amount=cart.total_price, currency="INR", receipt=f"rcpt_{uuid.uuid4().hex[:12]}",
            shipping_address=address, same_as_shipping=True,
        ),
    ),
    EnvelopeCreatedOrder,
)
order = data(get_orders_id.sync_detailed(created.order.field_id, client=shopper), EnvelopeOrder)
[item] = order.order_items
assert order.status is OrderStatus.PENDING and order.total_price == cart.total_price == created.amount, order
assert isinstance(item, OrderItem) and item.design.areas["back"].image.asset.sha256 == sha256, item
assert order.shipping_address.city == "New Delhi" and order.billing_address.zip_code == "110001", order
assert download(get_orders_id_invoice_pdf.sync_detailed(order.field_id, client=shopper), "application/pdf")[:5] == b"%PDF-"

print(
    f"python-client: registered and signed in, {len(products)} products, a two-area design "
    f"(text and logo) in the cart, order {order.order_number} of {order.total_price} paise read back, "
    "the logo and the invoice's PDF downloaded"
)
