//! Parameter names come from `-parameters`, else `-g`'s local variable table, else none:
//! checked on classes compiled by the real javac all three ways.

use std::path::Path;

use mimic_classfile::parameters::parameter_names;
use mimic_classfile::ClassFile;
use mimic_jvm::{compile, CompileOptions};

const SOURCE: &str = "package p;\npublic class Login {\n    public boolean check(String user, long since, char[] password, double score) { return true; }\n    public static int hash(int seed, String apiKey) { return seed; }\n}\n";

fn names_with(flags: &[&str], dir: &Path) -> Vec<Vec<Option<String>>> {
    let src = dir.join("src/p/Login.java");
    std::fs::create_dir_all(src.parent().unwrap()).unwrap();
    std::fs::write(&src, SOURCE).unwrap();
    let out = dir.join(format!("out{}", flags.join("")));
    compile(
        &mimic_test_support::jdk(),
        &[src],
        &[],
        &out,
        &CompileOptions {
            extra_args: flags.iter().map(|f| f.to_string()).collect(),
            ..CompileOptions::default()
        },
    )
    .unwrap();
    let class = ClassFile::parse(&std::fs::read(out.join("p/Login.class")).unwrap()).unwrap();
    ["check", "hash"]
        .iter()
        .map(|m| {
            let method = class
                .methods
                .iter()
                .find(|x| x.name(&class.constant_pool).unwrap() == *m)
                .unwrap();
            parameter_names(&class.constant_pool, method)
        })
        .collect()
}

fn some(names: &[&str]) -> Vec<Option<String>> {
    names.iter().map(|n| Some(n.to_string())).collect()
}

#[test]
fn names_from_method_parameters_local_variables_or_none() {
    let dir = tempfile::tempdir().unwrap();
    let expected = vec![
        some(&["user", "since", "password", "score"]),
        some(&["seed", "apiKey"]),
    ];
    assert_eq!(names_with(&["-parameters"], dir.path()), expected);
    assert_eq!(names_with(&["-g"], dir.path()), expected);
    assert_eq!(
        names_with(&["-g:none"], dir.path()),
        vec![vec![None; 4], vec![None; 2]]
    );
}
