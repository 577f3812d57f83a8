//! The tests of `cli` (the module above, `super`).

use super::count;

#[test]
fn counts_are_read_as_users_write_them() {
    assert_eq!(count::<u64>("1000000"), Ok(1_000_000));
    assert_eq!(count::<u64>("1_000_000"), Ok(1_000_000));
    assert_eq!(count::<u64>("1e6"), Ok(1_000_000));
    assert_eq!(count::<u64>("2.5E3"), Ok(2_500));
    assert_eq!(count::<usize>("16"), Ok(16));
    assert_eq!(count::<u64>("18446744073709551615"), Ok(u64::MAX));
    for bad in [
        "-5",
        "1.5",
        "1e-1",
        "ten",
        "1e30",
        "",
        "18446744073709551616",
    ] {
        let e = count::<u64>(bad).unwrap_err();
        assert!(!e.contains("invalid digit"), "{bad}: {e}");
    }
    assert!(count::<u64>("-5").unwrap_err().contains("negative"));
    assert!(count::<u8>("300").unwrap_err().contains("too big"));
}
