//! The API's integration tests, in one binary: the server is linked once for
//! all of them instead of once per file. Each module drives the real server
//! (port 0, a fresh database per test) on SQLite and, with
//! `TEST_DATABASE_URL`, on PostgreSQL.

mod helpers;

mod accounts;
mod admin;
mod admin_orders;
mod advance;
mod artwork;
mod assets;
mod auth;
mod background;
mod backup;
mod backup_schedule;
mod caps;
mod cart;
mod catalogue;
mod claims;
mod code_sends;
mod coupons;
mod crash;
mod designs;
mod fonts;
mod gateway_fee;
mod group_languages;
mod group_orders;
mod group_payments;
mod gstin;
mod instances;
mod invoice;
mod languages;
mod late_payments;
mod library;
mod logs;
mod names_numbers;
mod newsletter;
mod operations;
mod pages;
mod payments;
mod products;
mod proofs;
mod quotes;
mod razorpay;
mod refund_retries;
mod reorder;
mod scripts;
mod second_factor;
mod security;
mod seo;
mod server;
mod shipping;
mod shiprocket;
mod sms;
mod stages;
mod startup;
mod storage;
mod svg_logos;
mod tax_invoices;
mod tickets;
mod tickets_desk;
mod tiers;
mod uploads;
mod users;
mod webhooks;
mod whatsapp;
