//! The server's own backups (`BACKUP_DIR`, `BACKUP_EVERY_HOURS`,
//! `BACKUP_KEEP`): one per period whichever instance claims it, the last few
//! kept, a failure told to the admins once; their settings checked at start.

use std::path::{Path, PathBuf};

use api::backup::config::BackupSchedule;
use api::core::backups::{Scheduled, take_in_slot};

use crate::backup::manifest;
use crate::helpers::checkout::paid_order;
use crate::helpers::process::data_dir;
use crate::helpers::{TestApp, engines};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn scheduled_backups_keep_the_last_ones_and_tell_the_admins_of_a_failure_once() {
    for engine in engines() {
        let app = TestApp::spawn(engine).await;
        app.admin_token().await;
        paid_order(&app, "asha@example.com").await;
        let root = data_dir("store-scheduled");
        std::fs::create_dir_all(root.join("kept by hand")).unwrap();
        let schedule = BackupSchedule {
            dir: root.clone(),
            every: std::time::Duration::from_secs(3600),
            keep: 2,
        };
        let mut taken = Vec::new();
        for slot in [1_000, 2_000, 3_000] {
            match take_in_slot(&app.state, &schedule, slot).await.unwrap() {
                Scheduled::Taken(dir) => taken.push(dir),
                other => panic!("{engine:?}: {other:?}"),
            }
        }
        // A period is taken once, whoever looks again.
        assert_eq!(
            take_in_slot(&app.state, &schedule, 3_000).await.unwrap(),
            Scheduled::Skipped
        );
        let mut left: Vec<PathBuf> = std::fs::read_dir(&root)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        left.sort();
        let mut expected = vec![
            root.join("kept by hand"),
            taken[1].clone(),
            taken[2].clone(),
        ];
        expected.sort();
        assert_eq!(
            left, expected,
            "{engine:?}: the last two, and what is not ours"
        );
        let m = manifest(&taken[2]);
        assert_eq!(m["counts"]["orders"], 1, "{m}");

        // A backup that cannot be written: the admins hear once, until one succeeds again.
        let broken = BackupSchedule {
            dir: root.join("kept by hand").join("not a directory"),
            ..schedule.clone()
        };
        std::fs::write(&broken.dir, "a file").unwrap();
        let told = |slot| {
            let (app, broken) = (&app, &broken);
            async move {
                match take_in_slot(&app.state, broken, slot).await.unwrap() {
                    Scheduled::Failed { told_admins, .. } => told_admins,
                    other => panic!("{other:?}"),
                }
            }
        };
        assert!(told(4_000).await, "{engine:?}");
        assert!(!told(5_000).await, "{engine:?}");
        let letters = || async {
            let n: i64 = sqlx::query_scalar(
                "SELECT COUNT(*) FROM outbox WHERE recipient = 'admin@example.com' \
                 AND subject = 'The store''s backup failed'",
            )
            .fetch_one(&app.db)
            .await
            .unwrap();
            n
        };
        assert_eq!(letters().await, 1, "{engine:?}");
        assert!(matches!(
            take_in_slot(&app.state, &schedule, 6_000).await.unwrap(),
            Scheduled::Taken(_)
        ));
        assert!(told(7_000).await, "{engine:?}: told again after a success");
        assert_eq!(letters().await, 2, "{engine:?}");
        let _ = std::fs::remove_dir_all(&root);
    }
}

#[test]
fn backup_settings_are_checked_at_start() {
    use crate::startup::migrate_with;
    let dir = data_dir("store-backup-settings");
    let backups = dir.join("backups");
    let backups = backups.to_str().unwrap();
    let dir_name = dir.to_str().unwrap();
    let no_programs = dir.join("no-programs");
    std::fs::create_dir_all(&no_programs).unwrap();
    let empty_path = no_programs.to_str().unwrap();
    for (vars, refusal) in [
        (
            vec![("BACKUP_DIR", backups)],
            "BACKUP_DIR is set but BACKUP_EVERY_HOURS is not",
        ),
        (
            vec![("BACKUP_EVERY_HOURS", "24")],
            "BACKUP_EVERY_HOURS is set but BACKUP_DIR is not",
        ),
        (
            vec![("BACKUP_DIR", backups), ("BACKUP_EVERY_HOURS", "0.5")],
            "BACKUP_EVERY_HOURS must be a whole number of hours from 1 to 720, not \"0.5\"",
        ),
        (
            vec![
                ("BACKUP_DIR", backups),
                ("BACKUP_EVERY_HOURS", "24"),
                ("BACKUP_KEEP", "0"),
            ],
            "BACKUP_KEEP must be a whole number from 1 to 1000, not \"0\"",
        ),
        (
            vec![
                ("DATA_DIR", dir_name),
                ("BACKUP_DIR", backups),
                ("BACKUP_EVERY_HOURS", "24"),
            ],
            "must be outside DATA_DIR",
        ),
        (
            vec![
                ("BACKUP_DIR", backups),
                ("BACKUP_EVERY_HOURS", "24"),
                ("DATABASE_URL", "postgres://store@127.0.0.1:1/store"),
                ("PATH", empty_path),
            ],
            "BACKUP_DIR with PostgreSQL needs pg_dump on the PATH",
        ),
    ] {
        let (ok, out) = migrate_with(&vars);
        assert!(!ok && out.contains(refusal), "{vars:?}: {out}");
    }
    assert!(!Path::new(backups).exists());
    let (ok, out) = migrate_with(&[("BACKUP_DIR", backups), ("BACKUP_EVERY_HOURS", "24")]);
    assert!(ok, "{out}");
    assert!(Path::new(backups).is_dir(), "made at start");
    let _ = std::fs::remove_dir_all(&dir);
}
