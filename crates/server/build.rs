//! Release builds embed `web/dist`: rebuild when the site changes (or appears).
//! Debug builds read the files from disk at run time and need no rebuild.
fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    if std::env::var("PROFILE").as_deref() == Ok("release") {
        println!("cargo:rerun-if-changed=../../web/dist");
    }
}
