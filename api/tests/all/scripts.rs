//! Write scripts (`db::script`): on SQLite one command to the writer's thread,
//! on PostgreSQL statement by statement, or as one statement when they are
//! independent; all or nothing on both.

use std::time::Duration;

use api::db::script::Script;
use sqlx::Row;

use crate::helpers::{TestApp, engines};

async fn events(app: &TestApp) -> Vec<String> {
    sqlx::query_scalar("SELECT id FROM payment_events ORDER BY id")
        .fetch_all(&app.db)
        .await
        .unwrap()
}

fn insert_event(script: &mut Script, id: &str, event: &str) {
    script
        .push("INSERT INTO payment_events (id, event, created_at) VALUES ($1, $2, $3)")
        .bind(id.to_string())
        .bind(event.to_string())
        .bind(7_i64);
}

/// Each statement's `$n` are its own: statements with different numbers of
/// binds, and a bind used twice, land where they were meant to; rows come back
/// in order.
#[tokio::test]
async fn binds_reach_their_own_statement_and_rows_come_back() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let mut script = Script::new(&app.db);
        insert_event(&mut script, "evt_a", "one");
        script
            .push("INSERT INTO payment_events (id, event, payment_id, created_at) VALUES ($1, $2, $2, $3)")
            .bind("evt_b".to_string())
            .bind("two".to_string())
            .bind(8_i64);
        script
            .push("SELECT id, event, payment_id, created_at FROM payment_events WHERE id IN ($1, $2) ORDER BY id")
            .bind("evt_a".to_string())
            .bind("evt_b".to_string());
        let rows = script.run().await.map_err(|e| e.to_string()).unwrap();
        let read: Vec<(String, String, Option<String>, i64)> = rows
            .iter()
            .map(|r| (r.get(0), r.get(1), r.get(2), r.get(3)))
            .collect();
        assert_eq!(
            read,
            [
                ("evt_a".into(), "one".into(), None, 7),
                ("evt_b".into(), "two".into(), Some("two".into()), 8)
            ],
            "{engine:?}"
        );
    }
}

/// A statement that fails undoes the ones before it, and the writer is free
/// for the next script (no transaction left open on its connection).
#[tokio::test]
async fn a_failing_statement_undoes_the_script_and_frees_the_writer() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let mut first = Script::new(&app.db);
        insert_event(&mut first, "evt_1", "kept");
        first.run().await.map_err(|e| e.to_string()).unwrap();

        let mut failing = Script::new(&app.db);
        insert_event(&mut failing, "evt_2", "undone");
        insert_event(&mut failing, "evt_1", "a duplicate key");
        let Err(err) = failing.run().await else {
            panic!("{engine:?}: a duplicate key went in")
        };
        assert!(
            matches!(&err, sqlx::Error::Database(e) if e.is_unique_violation()),
            "{engine:?}: {err}"
        );
        assert_eq!(events(&app).await, ["evt_1"], "{engine:?}");

        let mut next = Script::new(&app.db);
        insert_event(&mut next, "evt_3", "after");
        next.run().await.map_err(|e| e.to_string()).unwrap();
        assert_eq!(events(&app).await, ["evt_1", "evt_3"], "{engine:?}");
    }
}

/// Scripts dropped part-way (a client that went away) leave no half-done
/// write and never wedge the writer.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dropped_script_leaves_the_writer_usable() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        for i in 0..20 {
            // Every other one independent: one statement on PostgreSQL.
            let mut script = if i % 2 == 0 {
                Script::new(&app.db)
            } else {
                Script::independent(&app.db)
            };
            insert_event(&mut script, &format!("evt_d{i:02}a"), "dropped maybe");
            insert_event(&mut script, &format!("evt_d{i:02}b"), "dropped maybe");
            // Cut off at a different point each time.
            let cut = Duration::from_micros(50 * i);
            let _ = tokio::time::timeout(cut, script.run()).await;
        }
        let mut last = Script::new(&app.db);
        insert_event(&mut last, "evt_z", "after");
        tokio::time::timeout(Duration::from_secs(10), last.run())
            .await
            .expect("the writer is free")
            .map_err(|e| e.to_string())
            .unwrap();
        let ids = events(&app).await;
        assert_eq!(ids.last().map(String::as_str), Some("evt_z"));
        // Every dropped script stored both of its rows or neither.
        for i in 0..20 {
            let a = ids.contains(&format!("evt_d{i:02}a"));
            let b = ids.contains(&format!("evt_d{i:02}b"));
            assert_eq!(a, b, "{engine:?}: script {i} half done");
        }
    }
}

/// An independent script (one statement on PostgreSQL): later statements read
/// the result statement's rows by its name and see the same rows on both
/// databases; the result statement's rows are what `run` returns; a failing
/// statement undoes all of it.
#[tokio::test]
async fn an_independent_script_reads_its_result_by_name_on_both_databases() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        let stamped = |script: &mut Script, id: &str, stamp: &str| {
            insert_event(script, &format!("{id}_before"), "before");
            script
                .push_result(
                    "stamped",
                    "payment_events",
                    "INSERT INTO payment_events (id, event, payment_id, created_at) VALUES ($1, $2, $3, 5) \
                     RETURNING id, payment_id",
                )
                .bind(id.to_string())
                .bind("result".to_string())
                .bind(stamp.to_string());
            // Picked out by what the result statement wrote: its stamp.
            script
                .push(
                    "INSERT INTO payment_events (id, event, created_at) \
                     SELECT id || '_copy', 'copy', 6 FROM stamped WHERE payment_id = $1",
                )
                .bind(stamp.to_string());
        };
        let mut script = Script::independent(&app.db);
        stamped(&mut script, "evt_r", "stamp_1");
        let rows = script.run().await.map_err(|e| e.to_string()).unwrap();
        let returned: Vec<(String, String)> = rows.iter().map(|r| (r.get(0), r.get(1))).collect();
        assert_eq!(
            returned,
            [("evt_r".to_string(), "stamp_1".to_string())],
            "{engine:?}"
        );
        assert_eq!(
            events(&app).await,
            ["evt_r", "evt_r_before", "evt_r_copy"],
            "{engine:?}"
        );

        // The last statement's key is taken: nothing of this script is kept.
        let mut taken = Script::new(&app.db);
        insert_event(&mut taken, "evt_s_copy", "taken");
        taken.run().await.map_err(|e| e.to_string()).unwrap();
        let mut failing = Script::independent(&app.db);
        stamped(&mut failing, "evt_s", "stamp_2");
        let Err(err) = failing.run().await else {
            panic!("{engine:?}: a duplicate key went in")
        };
        assert!(
            matches!(&err, sqlx::Error::Database(e) if e.is_unique_violation()),
            "{engine:?}: {err}"
        );
        assert_eq!(
            events(&app).await,
            ["evt_r", "evt_r_before", "evt_r_copy", "evt_s_copy"],
            "{engine:?}"
        );
    }
}
