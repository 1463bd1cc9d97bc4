//! Engine tests per opcode family, on small methods written as raw bytes, with a symbolic
//! interpreter whose values are expressions (so each test sees what flowed where).

use mimic_classfile::code::ExceptionHandler;
use mimic_classfile::instruction::Instruction;
use mimic_classfile::opcodes::*;
use mimic_classfile::{CodeAttribute, Constant, ConstantPool, MemberRef};

use crate::{analyze, Analysis, FlowError, Frame, Interpreter};

/// Values are expressions; `?` is unknown; differing values merge to `?`.
#[derive(Default)]
struct Symbolic {
    calls: Vec<String>,
    puts: Vec<String>,
}

fn mn(insn: &Instruction) -> &'static str {
    insn.mnemonic()
}

impl Interpreter for Symbolic {
    type Value = String;
    type State = ();
    fn unknown(&mut self) -> String {
        "?".into()
    }
    fn merge(&mut self, a: &String, b: &String) -> String {
        if a == b {
            a.clone()
        } else {
            "?".into()
        }
    }
    fn merge_state(&mut self, _: &(), _: &()) {}
    fn constant(&mut self, insn: &Instruction, _: &mut ()) -> String {
        mn(insn).into()
    }
    fn load(&mut self, _: &Instruction, local: &String, _: &mut ()) -> String {
        local.clone()
    }
    fn store(&mut self, _: &Instruction, value: String, _: &mut ()) -> String {
        value
    }
    fn unary(&mut self, insn: &Instruction, v: &String, _: &mut ()) -> String {
        format!("{}({v})", mn(insn))
    }
    fn binary(&mut self, insn: &Instruction, a: &String, b: &String, _: &mut ()) -> String {
        format!("({a} {} {b})", mn(insn))
    }
    fn get_field(
        &mut self,
        _: &Instruction,
        f: &MemberRef,
        r: Option<&String>,
        _: &mut (),
    ) -> String {
        format!("{}.{}", r.cloned().unwrap_or(f.owner.clone()), f.name)
    }
    fn put_field(
        &mut self,
        _: &Instruction,
        f: &MemberRef,
        r: Option<&String>,
        v: &String,
        _: &mut (),
    ) {
        self.puts.push(format!(
            "{}.{}={v}",
            r.cloned().unwrap_or(f.owner.clone()),
            f.name
        ));
    }
    fn invoke(
        &mut self,
        insn: &Instruction,
        c: &MemberRef,
        r: Option<&String>,
        args: &[String],
        _: &mut (),
    ) -> String {
        let call = format!("{}:{:?}.{}({})", mn(insn), r, c.name, args.join(","));
        self.calls.push(call.clone());
        format!("ret {}", c.name)
    }
    fn invoke_dynamic(
        &mut self,
        _: &Instruction,
        name: &str,
        _: &str,
        args: &[String],
        _: &mut (),
    ) -> String {
        format!("indy {name}({})", args.join(","))
    }
    fn new_object(&mut self, _: &Instruction, _: &mut ()) -> String {
        "new".into()
    }
    fn new_multi_array(&mut self, _: &Instruction, dims: &[String], _: &mut ()) -> String {
        format!("multi[{}]", dims.join(","))
    }
    fn caught(&mut self, handler_pc: u32, _: u16) -> String {
        format!("caught@{handler_pc}")
    }
    fn return_address(&mut self, insn: &Instruction, _: &mut ()) -> String {
        format!("ra@{}", insn.offset)
    }
}

struct Method {
    cp: ConstantPool,
    code: CodeAttribute,
}

fn method(cp: ConstantPool, code: &[u8], max_locals: u16) -> Method {
    Method {
        cp,
        code: CodeAttribute {
            max_stack: 16,
            max_locals,
            code: code.to_vec(),
            exception_table: Vec::new(),
            attributes: Vec::new(),
        },
    }
}

fn entry(max_locals: u16) -> Frame<String> {
    Frame {
        locals: (0..max_locals).map(|i| format!("L{i}")).collect(),
        stack: Vec::new(),
        state: (),
    }
}

fn run(m: &Method, interp: &mut Symbolic) -> Result<Analysis<String>, FlowError> {
    analyze(interp, &m.cp, &m.code, entry(m.code.max_locals))
}

fn ok(cp: ConstantPool, code: &[u8], max_locals: u16) -> (Analysis<String>, Symbolic) {
    let mut s = Symbolic::default();
    let a = run(&method(cp, code, max_locals), &mut s).unwrap();
    (a, s)
}

/// The stack before the instruction at `offset`.
fn stack_at(a: &Analysis<String>, offset: u32) -> Vec<String> {
    let i = a
        .instructions
        .iter()
        .position(|i| i.offset == offset)
        .unwrap();
    a.frames[i].as_ref().expect("reachable").stack.clone()
}

fn locals_at(a: &Analysis<String>, offset: u32) -> Vec<String> {
    let i = a
        .instructions
        .iter()
        .position(|i| i.offset == offset)
        .unwrap();
    a.frames[i].as_ref().expect("reachable").locals.clone()
}

fn err(code: &[u8], max_locals: u16) -> FlowError {
    run(
        &method(ConstantPool::new(), code, max_locals),
        &mut Symbolic::default(),
    )
    .unwrap_err()
}

#[test]
fn constants_push_one_or_two_slots() {
    let mut cp = ConstantPool::new();
    let long = cp.add_long(7).unwrap();
    let string = cp.add_string("s").unwrap();
    let code = [
        ICONST_1,
        LCONST_0,
        DCONST_1,
        BIPUSH,
        9,
        LDC2_W,
        0,
        long as u8,
        LDC,
        string as u8,
        RETURN,
    ];
    let (a, _) = ok(cp, &code, 0);
    assert_eq!(
        stack_at(&a, 10),
        ["iconst_1", "lconst_0", "?", "dconst_1", "?", "bipush", "ldc2_w", "?", "ldc"]
    );
}

#[test]
fn loads_and_stores_copy_slots_and_check_indices() {
    let code = [
        ALOAD_0, ASTORE_2, ALOAD_2, LLOAD, 0, LSTORE_3, ISTORE_1, RETURN,
    ];
    let (a, _) = ok(ConstantPool::new(), &code, 5);
    assert_eq!(stack_at(&a, 3), ["L0"]);
    assert_eq!(locals_at(&a, 3)[2], "L0");
    assert_eq!(stack_at(&a, 5), ["L0", "L0", "?"]);
    assert_eq!(locals_at(&a, 7), ["L0", "L0", "L0", "L0", "?"]);
    assert_eq!(
        err(&[NOP, ILOAD, 4, RETURN], 4),
        FlowError::BadLocal {
            offset: 1,
            local: 4,
            max_locals: 4
        }
    );
    // A long in the last local slot needs two slots.
    assert!(matches!(
        err(&[LLOAD_3, RETURN], 4),
        FlowError::BadLocal { offset: 0, .. }
    ));
}

#[test]
fn arithmetic_and_shifts_take_their_operand_sizes() {
    let code = [
        ILOAD_0, ILOAD_1, IADD, INEG, LLOAD_2, ILOAD_0, LSHL, LLOAD_2, LADD, POP2, POP, RETURN,
    ];
    let (a, _) = ok(ConstantPool::new(), &code, 4);
    assert_eq!(stack_at(&a, 4), ["ineg((L0 iadd L1))"]);
    assert_eq!(stack_at(&a, 7), ["ineg((L0 iadd L1))", "(L2 lshl L0)", "?"]);
    assert_eq!(
        stack_at(&a, 9),
        ["ineg((L0 iadd L1))", "((L2 lshl L0) ladd L2)", "?"]
    );
    let (a, _) = ok(
        ConstantPool::new(),
        &[ILOAD_0, IINC, 0, 1, ILOAD_0, RETURN],
        1,
    );
    assert_eq!(stack_at(&a, 5), ["L0", "iinc(L0)"]);
}

#[test]
fn conversions_and_comparisons_change_sizes() {
    let code = [ILOAD_0, I2L, L2I, I2D, D2F, F2L, LLOAD_1, LCMP, I2C, RETURN];
    let (a, _) = ok(ConstantPool::new(), &code, 3);
    assert_eq!(stack_at(&a, 2), ["i2l(L0)", "?"]);
    assert_eq!(stack_at(&a, 6), ["f2l(d2f(i2d(l2i(i2l(L0)))))", "?"]);
    assert_eq!(
        stack_at(&a, 9),
        ["i2c((f2l(d2f(i2d(l2i(i2l(L0))))) lcmp L1))"]
    );
}

#[test]
fn stack_manipulation_is_exact_per_slot() {
    // a b c dup_x2 -> c a b c ; swap -> c a c b ; pop2 -> c a ; dup2_x1 with x y z
    let code = [
        ALOAD_0, ALOAD_1, ALOAD_2, DUP_X2, SWAP, POP2, ALOAD_3, DUP2_X1, POP2, POP2, DUP, ALOAD_1,
        ALOAD_2, DUP2_X2, RETURN,
    ];
    let (a, _) = ok(ConstantPool::new(), &code, 4);
    assert_eq!(stack_at(&a, 4), ["L2", "L0", "L1", "L2"]);
    assert_eq!(stack_at(&a, 5), ["L2", "L0", "L2", "L1"]);
    assert_eq!(stack_at(&a, 6), ["L2", "L0"]);
    assert_eq!(stack_at(&a, 8), ["L0", "L3", "L2", "L0", "L3"]);
    assert_eq!(stack_at(&a, 11), ["L0", "L0"]);
    assert_eq!(stack_at(&a, 14), ["L1", "L2", "L0", "L0", "L1", "L2"]);
    // pop2 on a long removes both of its slots.
    let (a, _) = ok(ConstantPool::new(), &[ALOAD_0, LCONST_1, POP2, RETURN], 1);
    assert_eq!(stack_at(&a, 3), ["L0"]);
    assert_eq!(
        err(&[ALOAD_0, DUP_X1, RETURN], 1),
        FlowError::StackUnderflow { offset: 1 }
    );
}

#[test]
fn branches_merge_at_join_points() {
    // 0 iload_0; 1 ifeq +7 (8); 4 aload_1; 5 goto +4 (9); 8 aload_2; 9 astore_3; 10 aload_1 ; 11 areturn
    let code = [
        ILOAD_0, IFEQ, 0, 7, ALOAD_1, GOTO, 0, 4, ALOAD_2, ASTORE_3, ALOAD_1, ARETURN,
    ];
    let (a, _) = ok(ConstantPool::new(), &code, 4);
    assert_eq!(stack_at(&a, 9), ["?"]);
    assert_eq!(locals_at(&a, 9), ["L0", "L1", "L2", "L3"]);
    assert_eq!(stack_at(&a, 11), ["L1"]);
    // Different stack heights meeting is an error at the join.
    let bad = [ILOAD_0, IFEQ, 0, 4, ALOAD_1, ALOAD_2, RETURN];
    assert_eq!(
        err(&bad, 3),
        FlowError::HeightMismatch {
            offset: 5,
            first: 0,
            second: 1
        }
    );
}

#[test]
fn loops_reach_a_fixpoint() {
    // 0 aload_0; 1 astore_1; 2 aload_2; 3 astore_1; 4 iload_3; 5 ifne -3 (2); 8 aload_1; 9 areturn
    let code = [
        ALOAD_0, ASTORE_1, ALOAD_2, ASTORE_1, ILOAD_3, IFNE, 0xff, 0xfd, ALOAD_1, ARETURN,
    ];
    let (a, _) = ok(ConstantPool::new(), &code, 4);
    assert_eq!(locals_at(&a, 2)[1], "?");
    assert_eq!(stack_at(&a, 9), ["L2"]);
}

#[test]
fn switches_reach_every_target() {
    // 0 iload_0; 1 lookupswitch pad(2) default +23 (24), npairs 1, key 5 -> +25 (26)
    let mut code = vec![ILOAD_0, LOOKUPSWITCH, 0, 0];
    for v in [23i32, 1, 5, 25] {
        code.extend_from_slice(&v.to_be_bytes());
    }
    code.extend_from_slice(&[NOP, NOP, NOP, NOP]); // 20..23 unreachable
    code.extend_from_slice(&[ALOAD_1, ARETURN, ALOAD_2, ARETURN]); // 24, 26
    let (a, _) = ok(ConstantPool::new(), &code, 3);
    assert_eq!(stack_at(&a, 25), ["L1"]);
    assert_eq!(stack_at(&a, 27), ["L2"]);
    let unreachable = a.instructions.iter().position(|i| i.offset == 20).unwrap();
    assert!(a.frames[unreachable].is_none());
}

#[test]
fn fields_use_their_descriptor_sizes() {
    let mut cp = ConstantPool::new();
    let f = cp.add_field_ref("A", "f", "Ljava/lang/Object;").unwrap();
    let j = cp.add_field_ref("A", "j", "J").unwrap();
    let [f1, f2] = f.to_be_bytes();
    let [j1, j2] = j.to_be_bytes();
    let code = [
        ALOAD_0, GETFIELD, f1, f2, GETSTATIC, j1, j2, PUTSTATIC, j1, j2, ALOAD_0, ALOAD_1,
        PUTFIELD, f1, f2, RETURN,
    ];
    let (a, s) = ok(cp, &code, 2);
    assert_eq!(stack_at(&a, 7), ["L0.f", "A.j", "?"]);
    assert_eq!(stack_at(&a, 10), ["L0.f"]);
    assert_eq!(s.puts, ["A.j=A.j", "L0.f=L1"]);
}

#[test]
fn invokes_pass_receiver_and_arguments() {
    let mut cp = ConstantPool::new();
    let m = cp
        .add_method_ref("A", "m", "(JLjava/lang/Object;)Ljava/lang/String;", false)
        .unwrap();
    let s = cp.add_method_ref("A", "s", "(I)V", false).unwrap();
    let nat = cp
        .add_name_and_type("run", "(Ljava/lang/Object;)Ljava/lang/Runnable;")
        .unwrap();
    let indy = cp
        .add(Constant::InvokeDynamic {
            bootstrap: 0,
            name_and_type: nat,
        })
        .unwrap();
    let [m1, m2] = m.to_be_bytes();
    let [s1, s2] = s.to_be_bytes();
    let [d1, d2] = indy.to_be_bytes();
    let code = [
        ALOAD_0,
        LLOAD_1,
        ALOAD_3,
        INVOKEVIRTUAL,
        m1,
        m2,
        ILOAD_1,
        INVOKESTATIC,
        s1,
        s2,
        ALOAD_0,
        INVOKEDYNAMIC,
        d1,
        d2,
        0,
        0,
        ARETURN,
    ];
    let (a, interp) = ok(cp, &code, 4);
    assert_eq!(
        interp.calls,
        [
            "invokevirtual:Some(\"L0\").m(L1,L3)",
            "invokestatic:None.s(L1)"
        ]
    );
    assert_eq!(stack_at(&a, 16), ["ret m", "indy run(L0)"]);
}

#[test]
fn objects_and_arrays() {
    let mut cp = ConstantPool::new();
    let class = cp.add_class("A").unwrap();
    let init = cp.add_method_ref("A", "<init>", "()V", false).unwrap();
    let arr = cp.add_class("[[I").unwrap();
    let [c1, c2] = class.to_be_bytes();
    let [i1, i2] = init.to_be_bytes();
    let [a1, a2] = arr.to_be_bytes();
    let code = [
        NEW,
        c1,
        c2,
        DUP,
        INVOKESPECIAL,
        i1,
        i2, // 0..7
        ICONST_2,
        NEWARRAY,
        T_LONG,
        ICONST_0,
        LALOAD, // 7..12
        ICONST_1,
        ICONST_2,
        MULTIANEWARRAY,
        a1,
        a2,
        2,
        ARRAYLENGTH, // 12..19
        ALOAD_0,
        CHECKCAST,
        c1,
        c2,
        INSTANCEOF,
        c1,
        c2, // 19..26
        ALOAD_0,
        ICONST_0,
        LCONST_1,
        LASTORE,
        RETURN, // 26..31
    ];
    let (a, s) = ok(cp, &code, 1);
    assert_eq!(s.calls, ["invokespecial:Some(\"new\").<init>()"]);
    assert_eq!(
        stack_at(&a, 19),
        [
            "new",
            "(newarray(iconst_2) laload iconst_0)",
            "?",
            "arraylength(multi[iconst_1,iconst_2])"
        ]
    );
    assert_eq!(stack_at(&a, 26)[4], "instanceof(L0)");
    assert_eq!(stack_at(&a, 30).len(), 5);
}

#[test]
fn exception_handlers_see_locals_before_and_after() {
    // 0 aload_0; 1 astore_1; 2 return; handler 3: astore_2; 4 aload_1; 5 areturn
    let mut m = method(
        ConstantPool::new(),
        &[ALOAD_0, ASTORE_1, RETURN, ASTORE_2, ALOAD_1, ARETURN],
        3,
    );
    m.code.exception_table.push(ExceptionHandler {
        start_pc: 0,
        end_pc: 2,
        handler_pc: 3,
        catch_type: 0,
    });
    let a = run(&m, &mut Symbolic::default()).unwrap();
    assert_eq!(stack_at(&a, 3), ["caught@3"]);
    // local 1 is L1 before `astore_1` and L0 after: merged.
    assert_eq!(locals_at(&a, 3), ["L0", "?", "L2"]);
    assert_eq!(locals_at(&a, 4)[2], "caught@3");
    m.code.exception_table[0].handler_pc = 7;
    assert!(matches!(
        run(&m, &mut Symbolic::default()),
        Err(FlowError::BadTarget { target: 7, .. })
    ));
}

#[test]
fn wide_loads_reach_high_locals() {
    let code = [
        WIDE, ALOAD, 1, 0, WIDE, ISTORE, 1, 1, WIDE, IINC, 1, 1, 0, 5, RETURN,
    ];
    let mut m = method(ConstantPool::new(), &code, 300);
    let a = run(&m, &mut Symbolic::default()).unwrap();
    assert_eq!(stack_at(&a, 4), ["L256"]);
    assert_eq!(locals_at(&a, 14)[257], "iinc(L256)");
    m.code.max_locals = 257;
    assert!(matches!(
        run(&m, &mut Symbolic::default()),
        Err(FlowError::BadLocal {
            offset: 4,
            local: 257,
            ..
        })
    ));
}

#[test]
fn subroutines_return_after_every_jsr() {
    // 0 jsr +6 (6); 3 aload_1; 4 areturn; 5 nop; 6 astore_2; 7 aload_0; 8 astore_1; 9 ret 2
    let code = [
        JSR, 0, 6, ALOAD_1, ARETURN, NOP, ASTORE_2, ALOAD_0, ASTORE_1, RET, 2,
    ];
    let (a, _) = ok(ConstantPool::new(), &code, 3);
    assert_eq!(stack_at(&a, 6), ["ra@0"]);
    assert_eq!(locals_at(&a, 3), ["L0", "L0", "ra@0"]);
    assert_eq!(stack_at(&a, 4), ["L0"]);
}

#[test]
fn malformed_code_is_an_error_naming_the_offset() {
    assert_eq!(
        err(&[NOP, POP, RETURN], 0),
        FlowError::StackUnderflow { offset: 1 }
    );
    assert_eq!(err(&[NOP, NOP], 0), FlowError::FallsOffEnd { offset: 1 });
    assert!(matches!(err(&[0xfe], 0), FlowError::Decode(_)));
    assert!(matches!(
        err(&[LDC, 9, ARETURN], 0),
        FlowError::BadConstant { offset: 0, .. }
    ));
    let mut cp = ConstantPool::new();
    let bad = cp.add_field_ref("A", "f", "Q").unwrap();
    let [b1, b2] = bad.to_be_bytes();
    let mut s = Symbolic::default();
    assert!(matches!(
        run(&method(cp, &[GETSTATIC, b1, b2, RETURN], 0), &mut s),
        Err(FlowError::BadConstant { offset: 0, .. })
    ));
    // An empty body analyses to nothing.
    assert!(run(&method(ConstantPool::new(), &[], 0), &mut s)
        .unwrap()
        .frames
        .is_empty());
}

#[test]
fn entry_frame_lays_out_this_and_parameters() {
    let d = mimic_classfile::MethodDescriptor::parse("(JI)V").unwrap();
    let f = Frame::entry(
        Some("this".to_string()),
        &d,
        5,
        |i| format!("p{i}"),
        "?".into(),
    );
    assert_eq!(f.locals, ["this", "p0", "?", "p1", "?"]);
}

/// Values carry nothing; the path state is the set of methods called so far.
struct Called;

impl Interpreter for Called {
    type Value = ();
    type State = std::collections::BTreeSet<String>;
    fn unknown(&mut self) {}
    fn merge(&mut self, _: &(), _: &()) {}
    fn merge_state(&mut self, a: &Self::State, b: &Self::State) -> Self::State {
        a.union(b).cloned().collect()
    }
    fn invoke(
        &mut self,
        _: &Instruction,
        c: &MemberRef,
        _: Option<&()>,
        _: &[()],
        called: &mut Self::State,
    ) {
        called.insert(c.name.clone());
    }
}

#[test]
fn path_state_flows_merges_and_reaches_handlers() {
    let mut cp = ConstantPool::new();
    let [a1, a2] = cp
        .add_method_ref("A", "a", "()V", false)
        .unwrap()
        .to_be_bytes();
    let [b1, b2] = cp
        .add_method_ref("A", "b", "()V", false)
        .unwrap()
        .to_be_bytes();
    let [c1, c2] = cp
        .add_method_ref("A", "c", "()V", false)
        .unwrap()
        .to_be_bytes();
    // 0 iload_0; 1 ifeq +9 (10); 4 a(); 7 goto +6 (13); 10 b(); 13 c(); 16 return;
    // handler for [13, 16) at 17: pop; 18 return
    let code = [
        ILOAD_0,
        IFEQ,
        0,
        9,
        INVOKESTATIC,
        a1,
        a2,
        GOTO,
        0,
        6,
        INVOKESTATIC,
        b1,
        b2,
        INVOKESTATIC,
        c1,
        c2,
        RETURN,
        POP,
        RETURN,
    ];
    let mut m = method(cp, &code, 1);
    m.code.exception_table.push(ExceptionHandler {
        start_pc: 13,
        end_pc: 16,
        handler_pc: 17,
        catch_type: 0,
    });
    let entry = Frame {
        locals: vec![()],
        stack: Vec::new(),
        state: Default::default(),
    };
    let a = analyze(&mut Called, &m.cp, &m.code, entry).unwrap();
    let called = |offset: u32| -> Vec<String> {
        let i = a
            .instructions
            .iter()
            .position(|i| i.offset == offset)
            .unwrap();
        let frame = a.frames[i].as_ref().expect("reachable");
        frame.state.iter().cloned().collect()
    };
    assert!(called(4).is_empty());
    assert_eq!(called(7), ["a"]);
    assert_eq!(called(10), Vec::<String>::new());
    // Both paths meet at 13.
    assert_eq!(called(13), ["a", "b"]);
    assert_eq!(called(16), ["a", "b", "c"]);
    // The handler sees the state after the covered call as well as before it.
    assert_eq!(called(17), ["a", "b", "c"]);
}
