//! `libmimic_timeshift.so`: preloaded into a test JVM (`LD_PRELOAD`) by
//! `mimic verify --perturb`, it moves the wall clock `MIMIC_TIMESHIFT_SECONDS` seconds
//! (read once) so that a test reading the real date sees another day. The monotonic
//! clocks are left alone: the JVM's timers, timeouts and `System.nanoTime` keep working.
//!
//! Written by hand because it is the whole job of three interposed C functions
//! (`clock_gettime` for `CLOCK_REALTIME*`, `gettimeofday`, `time`), each calling the next
//! definition (`dlsym(RTLD_NEXT)`); libfaketime does the same and more, but is a system
//! package these machines do not carry.

use std::sync::atomic::{AtomicI64, AtomicUsize, Ordering};

/// Seconds to add, once read; `i64::MIN` until then.
static SHIFT: AtomicI64 = AtomicI64::new(i64::MIN);

/// The environment variable holding the shift in seconds.
pub const SHIFT_VARIABLE: &str = "MIMIC_TIMESHIFT_SECONDS";

fn shift() -> i64 {
    let s = SHIFT.load(Ordering::Relaxed);
    if s != i64::MIN {
        return s;
    }
    // SAFETY: getenv with a NUL-terminated name; the result is read before returning.
    let value = unsafe {
        let p = libc::getenv(c"MIMIC_TIMESHIFT_SECONDS".as_ptr());
        if p.is_null() {
            0
        } else {
            std::ffi::CStr::from_ptr(p)
                .to_str()
                .ok()
                .and_then(|t| t.trim().parse::<i64>().ok())
                .unwrap_or(0)
        }
    };
    SHIFT.store(value, Ordering::Relaxed);
    value
}

/// The next definition of `name` (NUL-terminated) after this library, cached in `slot`.
fn next(slot: &AtomicUsize, name: &std::ffi::CStr) -> usize {
    let f = slot.load(Ordering::Relaxed);
    if f != 0 {
        return f;
    }
    // SAFETY: dlsym with RTLD_NEXT and a NUL-terminated symbol name.
    let f = unsafe { libc::dlsym(libc::RTLD_NEXT, name.as_ptr()) } as usize;
    slot.store(f, Ordering::Relaxed);
    f
}

static CLOCK_GETTIME: AtomicUsize = AtomicUsize::new(0);
static GETTIMEOFDAY: AtomicUsize = AtomicUsize::new(0);
static TIME: AtomicUsize = AtomicUsize::new(0);

/// # Safety
/// The C contract of `clock_gettime`.
#[no_mangle]
pub unsafe extern "C" fn clock_gettime(
    clock: libc::clockid_t,
    tp: *mut libc::timespec,
) -> libc::c_int {
    let f = next(&CLOCK_GETTIME, c"clock_gettime");
    if f == 0 {
        return -1;
    }
    // SAFETY: the address of the real clock_gettime.
    let real: unsafe extern "C" fn(libc::clockid_t, *mut libc::timespec) -> libc::c_int =
        unsafe { std::mem::transmute(f) };
    let r = unsafe { real(clock, tp) };
    if r == 0
        && !tp.is_null()
        && (clock == libc::CLOCK_REALTIME || clock == libc::CLOCK_REALTIME_COARSE)
    {
        unsafe { (*tp).tv_sec += shift() as libc::time_t };
    }
    r
}

/// # Safety
/// The C contract of `gettimeofday`.
#[no_mangle]
pub unsafe extern "C" fn gettimeofday(
    tv: *mut libc::timeval,
    tz: *mut libc::c_void,
) -> libc::c_int {
    let f = next(&GETTIMEOFDAY, c"gettimeofday");
    if f == 0 {
        return -1;
    }
    // SAFETY: the address of the real gettimeofday.
    let real: unsafe extern "C" fn(*mut libc::timeval, *mut libc::c_void) -> libc::c_int =
        unsafe { std::mem::transmute(f) };
    let r = unsafe { real(tv, tz) };
    if r == 0 && !tv.is_null() {
        unsafe { (*tv).tv_sec += shift() as libc::time_t };
    }
    r
}

/// # Safety
/// The C contract of `time`.
#[no_mangle]
pub unsafe extern "C" fn time(t: *mut libc::time_t) -> libc::time_t {
    let f = next(&TIME, c"time");
    if f == 0 {
        return -1;
    }
    // SAFETY: the address of the real time.
    let real: unsafe extern "C" fn(*mut libc::time_t) -> libc::time_t =
        unsafe { std::mem::transmute(f) };
    let now = unsafe { real(std::ptr::null_mut()) } + shift() as libc::time_t;
    if !t.is_null() {
        unsafe { *t = now };
    }
    now
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn without_the_variable_the_clock_is_not_shifted() {
        assert_eq!(shift(), 0);
        let mut tp = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        let r = unsafe { clock_gettime(libc::CLOCK_REALTIME, &mut tp) };
        assert_eq!(r, 0);
        let std_now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_secs() as i64;
        assert!((tp.tv_sec - std_now).abs() < 5);
    }
}
