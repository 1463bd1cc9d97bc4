//! The complete JVM opcode table (JVMS §6.5, numbered as in §7 "Opcode Mnemonics by Opcode"):
//! for each of the 202 defined opcodes its value, mnemonic, operand layout (which fixes the
//! encoded length, except for the switches and `wide`) and the family it belongs to, which is
//! what decides its stack effect for a dataflow interpreter. The reserved opcodes
//! (`breakpoint` 0xca, `impdep1` 0xfe, `impdep2` 0xff) are not instructions of a class file and
//! are absent. Written by hand (no maintained crate carries the JVM opcode table); the test
//! below checks it against the specification's list.

pub const NOP: u8 = 0x00;
pub const ACONST_NULL: u8 = 0x01;
pub const ICONST_M1: u8 = 0x02;
pub const ICONST_0: u8 = 0x03;
pub const ICONST_1: u8 = 0x04;
pub const ICONST_2: u8 = 0x05;
pub const ICONST_3: u8 = 0x06;
pub const ICONST_4: u8 = 0x07;
pub const ICONST_5: u8 = 0x08;
pub const LCONST_0: u8 = 0x09;
pub const LCONST_1: u8 = 0x0a;
pub const FCONST_0: u8 = 0x0b;
pub const FCONST_1: u8 = 0x0c;
pub const FCONST_2: u8 = 0x0d;
pub const DCONST_0: u8 = 0x0e;
pub const DCONST_1: u8 = 0x0f;
pub const BIPUSH: u8 = 0x10;
pub const SIPUSH: u8 = 0x11;
pub const LDC: u8 = 0x12;
pub const LDC_W: u8 = 0x13;
pub const LDC2_W: u8 = 0x14;
pub const ILOAD: u8 = 0x15;
pub const LLOAD: u8 = 0x16;
pub const FLOAD: u8 = 0x17;
pub const DLOAD: u8 = 0x18;
pub const ALOAD: u8 = 0x19;
pub const ILOAD_0: u8 = 0x1a;
pub const ILOAD_1: u8 = 0x1b;
pub const ILOAD_2: u8 = 0x1c;
pub const ILOAD_3: u8 = 0x1d;
pub const LLOAD_0: u8 = 0x1e;
pub const LLOAD_1: u8 = 0x1f;
pub const LLOAD_2: u8 = 0x20;
pub const LLOAD_3: u8 = 0x21;
pub const FLOAD_0: u8 = 0x22;
pub const FLOAD_1: u8 = 0x23;
pub const FLOAD_2: u8 = 0x24;
pub const FLOAD_3: u8 = 0x25;
pub const DLOAD_0: u8 = 0x26;
pub const DLOAD_1: u8 = 0x27;
pub const DLOAD_2: u8 = 0x28;
pub const DLOAD_3: u8 = 0x29;
pub const ALOAD_0: u8 = 0x2a;
pub const ALOAD_1: u8 = 0x2b;
pub const ALOAD_2: u8 = 0x2c;
pub const ALOAD_3: u8 = 0x2d;
pub const IALOAD: u8 = 0x2e;
pub const LALOAD: u8 = 0x2f;
pub const FALOAD: u8 = 0x30;
pub const DALOAD: u8 = 0x31;
pub const AALOAD: u8 = 0x32;
pub const BALOAD: u8 = 0x33;
pub const CALOAD: u8 = 0x34;
pub const SALOAD: u8 = 0x35;
pub const ISTORE: u8 = 0x36;
pub const LSTORE: u8 = 0x37;
pub const FSTORE: u8 = 0x38;
pub const DSTORE: u8 = 0x39;
pub const ASTORE: u8 = 0x3a;
pub const ISTORE_0: u8 = 0x3b;
pub const ISTORE_1: u8 = 0x3c;
pub const ISTORE_2: u8 = 0x3d;
pub const ISTORE_3: u8 = 0x3e;
pub const LSTORE_0: u8 = 0x3f;
pub const LSTORE_1: u8 = 0x40;
pub const LSTORE_2: u8 = 0x41;
pub const LSTORE_3: u8 = 0x42;
pub const FSTORE_0: u8 = 0x43;
pub const FSTORE_1: u8 = 0x44;
pub const FSTORE_2: u8 = 0x45;
pub const FSTORE_3: u8 = 0x46;
pub const DSTORE_0: u8 = 0x47;
pub const DSTORE_1: u8 = 0x48;
pub const DSTORE_2: u8 = 0x49;
pub const DSTORE_3: u8 = 0x4a;
pub const ASTORE_0: u8 = 0x4b;
pub const ASTORE_1: u8 = 0x4c;
pub const ASTORE_2: u8 = 0x4d;
pub const ASTORE_3: u8 = 0x4e;
pub const IASTORE: u8 = 0x4f;
pub const LASTORE: u8 = 0x50;
pub const FASTORE: u8 = 0x51;
pub const DASTORE: u8 = 0x52;
pub const AASTORE: u8 = 0x53;
pub const BASTORE: u8 = 0x54;
pub const CASTORE: u8 = 0x55;
pub const SASTORE: u8 = 0x56;
pub const POP: u8 = 0x57;
pub const POP2: u8 = 0x58;
pub const DUP: u8 = 0x59;
pub const DUP_X1: u8 = 0x5a;
pub const DUP_X2: u8 = 0x5b;
pub const DUP2: u8 = 0x5c;
pub const DUP2_X1: u8 = 0x5d;
pub const DUP2_X2: u8 = 0x5e;
pub const SWAP: u8 = 0x5f;
pub const IADD: u8 = 0x60;
pub const LADD: u8 = 0x61;
pub const FADD: u8 = 0x62;
pub const DADD: u8 = 0x63;
pub const ISUB: u8 = 0x64;
pub const LSUB: u8 = 0x65;
pub const FSUB: u8 = 0x66;
pub const DSUB: u8 = 0x67;
pub const IMUL: u8 = 0x68;
pub const LMUL: u8 = 0x69;
pub const FMUL: u8 = 0x6a;
pub const DMUL: u8 = 0x6b;
pub const IDIV: u8 = 0x6c;
pub const LDIV: u8 = 0x6d;
pub const FDIV: u8 = 0x6e;
pub const DDIV: u8 = 0x6f;
pub const IREM: u8 = 0x70;
pub const LREM: u8 = 0x71;
pub const FREM: u8 = 0x72;
pub const DREM: u8 = 0x73;
pub const INEG: u8 = 0x74;
pub const LNEG: u8 = 0x75;
pub const FNEG: u8 = 0x76;
pub const DNEG: u8 = 0x77;
pub const ISHL: u8 = 0x78;
pub const LSHL: u8 = 0x79;
pub const ISHR: u8 = 0x7a;
pub const LSHR: u8 = 0x7b;
pub const IUSHR: u8 = 0x7c;
pub const LUSHR: u8 = 0x7d;
pub const IAND: u8 = 0x7e;
pub const LAND: u8 = 0x7f;
pub const IOR: u8 = 0x80;
pub const LOR: u8 = 0x81;
pub const IXOR: u8 = 0x82;
pub const LXOR: u8 = 0x83;
pub const IINC: u8 = 0x84;
pub const I2L: u8 = 0x85;
pub const I2F: u8 = 0x86;
pub const I2D: u8 = 0x87;
pub const L2I: u8 = 0x88;
pub const L2F: u8 = 0x89;
pub const L2D: u8 = 0x8a;
pub const F2I: u8 = 0x8b;
pub const F2L: u8 = 0x8c;
pub const F2D: u8 = 0x8d;
pub const D2I: u8 = 0x8e;
pub const D2L: u8 = 0x8f;
pub const D2F: u8 = 0x90;
pub const I2B: u8 = 0x91;
pub const I2C: u8 = 0x92;
pub const I2S: u8 = 0x93;
pub const LCMP: u8 = 0x94;
pub const FCMPL: u8 = 0x95;
pub const FCMPG: u8 = 0x96;
pub const DCMPL: u8 = 0x97;
pub const DCMPG: u8 = 0x98;
pub const IFEQ: u8 = 0x99;
pub const IFNE: u8 = 0x9a;
pub const IFLT: u8 = 0x9b;
pub const IFGE: u8 = 0x9c;
pub const IFGT: u8 = 0x9d;
pub const IFLE: u8 = 0x9e;
pub const IF_ICMPEQ: u8 = 0x9f;
pub const IF_ICMPNE: u8 = 0xa0;
pub const IF_ICMPLT: u8 = 0xa1;
pub const IF_ICMPGE: u8 = 0xa2;
pub const IF_ICMPGT: u8 = 0xa3;
pub const IF_ICMPLE: u8 = 0xa4;
pub const IF_ACMPEQ: u8 = 0xa5;
pub const IF_ACMPNE: u8 = 0xa6;
pub const GOTO: u8 = 0xa7;
pub const JSR: u8 = 0xa8;
pub const RET: u8 = 0xa9;
pub const TABLESWITCH: u8 = 0xaa;
pub const LOOKUPSWITCH: u8 = 0xab;
pub const IRETURN: u8 = 0xac;
pub const LRETURN: u8 = 0xad;
pub const FRETURN: u8 = 0xae;
pub const DRETURN: u8 = 0xaf;
pub const ARETURN: u8 = 0xb0;
pub const RETURN: u8 = 0xb1;
pub const GETSTATIC: u8 = 0xb2;
pub const PUTSTATIC: u8 = 0xb3;
pub const GETFIELD: u8 = 0xb4;
pub const PUTFIELD: u8 = 0xb5;
pub const INVOKEVIRTUAL: u8 = 0xb6;
pub const INVOKESPECIAL: u8 = 0xb7;
pub const INVOKESTATIC: u8 = 0xb8;
pub const INVOKEINTERFACE: u8 = 0xb9;
pub const INVOKEDYNAMIC: u8 = 0xba;
pub const NEW: u8 = 0xbb;
pub const NEWARRAY: u8 = 0xbc;
pub const ANEWARRAY: u8 = 0xbd;
pub const ARRAYLENGTH: u8 = 0xbe;
pub const ATHROW: u8 = 0xbf;
pub const CHECKCAST: u8 = 0xc0;
pub const INSTANCEOF: u8 = 0xc1;
pub const MONITORENTER: u8 = 0xc2;
pub const MONITOREXIT: u8 = 0xc3;
pub const WIDE: u8 = 0xc4;
pub const MULTIANEWARRAY: u8 = 0xc5;
pub const IFNULL: u8 = 0xc6;
pub const IFNONNULL: u8 = 0xc7;
pub const GOTO_W: u8 = 0xc8;
pub const JSR_W: u8 = 0xc9;

/// `newarray` element type codes.
pub const T_BOOLEAN: u8 = 4;
pub const T_CHAR: u8 = 5;
pub const T_FLOAT: u8 = 6;
pub const T_DOUBLE: u8 = 7;
pub const T_BYTE: u8 = 8;
pub const T_SHORT: u8 = 9;
pub const T_INT: u8 = 10;
pub const T_LONG: u8 = 11;

/// How an instruction's operand bytes are laid out after the opcode byte.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Operands {
    /// No operand bytes.
    None,
    /// Local index carried in the opcode (`iload_0` … `astore_3`); no operand bytes.
    ImplicitLocal,
    /// One signed byte (`bipush`) or the `newarray` type code.
    Byte,
    /// One signed 16-bit immediate (`sipush`).
    Short,
    /// One-byte constant-pool index (`ldc`).
    PoolByte,
    /// Two-byte constant-pool index.
    Pool,
    /// One-byte local index (two bytes under `wide`).
    Local,
    /// `iinc`: local index byte and signed increment byte (two bytes each under `wide`).
    Iinc,
    /// Signed 16-bit branch offset.
    Branch,
    /// Signed 32-bit branch offset (`goto_w`, `jsr_w`).
    BranchWide,
    /// `invokeinterface`: pool index, count byte, zero byte.
    Interface,
    /// `invokedynamic`: pool index and two zero bytes.
    Dynamic,
    /// `multianewarray`: pool index and dimensions byte.
    MultiArray,
    /// Padding to a 4-byte boundary, then default, low, high and the jump offsets.
    TableSwitch,
    /// Padding to a 4-byte boundary, then default, npairs and the (key, offset) pairs.
    LookupSwitch,
    /// The `wide` prefix: the modified opcode and its widened operands follow.
    Wide,
}

impl Operands {
    /// Encoded length of the whole instruction (opcode byte included) when it is fixed;
    /// `None` for the switches (padding and table size) and `wide` (depends on the modified opcode).
    pub fn fixed_length(self) -> Option<u32> {
        match self {
            Operands::None | Operands::ImplicitLocal => Some(1),
            Operands::Byte | Operands::PoolByte | Operands::Local => Some(2),
            Operands::Short | Operands::Pool | Operands::Iinc | Operands::Branch => Some(3),
            Operands::MultiArray => Some(4),
            Operands::BranchWide | Operands::Interface | Operands::Dynamic => Some(5),
            Operands::TableSwitch | Operands::LookupSwitch | Operands::Wide => None,
        }
    }
}

/// The family of an instruction: instructions of one family move values between the
/// operand stack and the locals in the same way (the concrete types follow from the
/// mnemonic's prefix or, for fields and invokes, from the referenced descriptor).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Nop,
    /// Pushes a constant (`aconst_null`, `*const_*`, `bipush`, `sipush`, `ldc*`).
    Constant,
    /// Pushes a copy of a local.
    Load,
    /// Pops into a local.
    Store,
    /// Pops array and index, pushes an element.
    ArrayLoad,
    /// Pops array, index and value.
    ArrayStore,
    /// Untyped stack manipulation (`pop*`, `dup*`, `swap`), by computational category.
    Stack,
    /// Pops one value, pushes one of the same type (`*neg`).
    Unary,
    /// Pops two values, pushes one (arithmetic, shifts, bitwise).
    Binary,
    /// Increments a local in place.
    Iinc,
    /// Pops one value, pushes it converted (`i2l` … `i2s`).
    Conversion,
    /// Pops two values, pushes an int (`lcmp`, `fcmp*`, `dcmp*`).
    Compare,
    /// Pops one value and branches (`if<cond>`, `ifnull`, `ifnonnull`).
    UnaryBranch,
    /// Pops two values and branches (`if_icmp*`, `if_acmp*`).
    BinaryBranch,
    /// Unconditional jump (`goto`, `goto_w`).
    Goto,
    /// Subroutine call (`jsr`, `jsr_w`): pushes a return address.
    Jsr,
    /// Subroutine return through a local holding a return address.
    Ret,
    /// Pops an int and jumps through a table (`tableswitch`, `lookupswitch`).
    Switch,
    /// Returns from the method (`*return`), popping the result if any.
    Return,
    /// `getstatic`, `putstatic`, `getfield`, `putfield`.
    Field,
    /// `invoke*`: pops receiver and arguments, pushes the result if any.
    Invoke,
    /// `new`: pushes an uninitialized instance.
    New,
    /// `newarray`, `anewarray`, `multianewarray`: pops the dimensions, pushes an array.
    NewArray,
    /// Pops an array, pushes its length.
    ArrayLength,
    /// `athrow`.
    Throw,
    /// `checkcast` (pops and pushes a reference) and `instanceof` (pushes an int).
    TypeCheck,
    /// `monitorenter`, `monitorexit`: pop a reference.
    Monitor,
    /// The `wide` prefix.
    Wide,
}

/// One row of the opcode table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OpcodeInfo {
    pub opcode: u8,
    pub mnemonic: &'static str,
    pub operands: Operands,
    pub kind: Kind,
}

const fn info(opcode: u8, mnemonic: &'static str, operands: Operands, kind: Kind) -> OpcodeInfo {
    OpcodeInfo {
        opcode,
        mnemonic,
        operands,
        kind,
    }
}

/// Every defined opcode, indexed by its value (`TABLE[op as usize].opcode == op`).
pub const TABLE: [OpcodeInfo; 202] = [
    info(0x00, "nop", Operands::None, Kind::Nop),
    info(0x01, "aconst_null", Operands::None, Kind::Constant),
    info(0x02, "iconst_m1", Operands::None, Kind::Constant),
    info(0x03, "iconst_0", Operands::None, Kind::Constant),
    info(0x04, "iconst_1", Operands::None, Kind::Constant),
    info(0x05, "iconst_2", Operands::None, Kind::Constant),
    info(0x06, "iconst_3", Operands::None, Kind::Constant),
    info(0x07, "iconst_4", Operands::None, Kind::Constant),
    info(0x08, "iconst_5", Operands::None, Kind::Constant),
    info(0x09, "lconst_0", Operands::None, Kind::Constant),
    info(0x0a, "lconst_1", Operands::None, Kind::Constant),
    info(0x0b, "fconst_0", Operands::None, Kind::Constant),
    info(0x0c, "fconst_1", Operands::None, Kind::Constant),
    info(0x0d, "fconst_2", Operands::None, Kind::Constant),
    info(0x0e, "dconst_0", Operands::None, Kind::Constant),
    info(0x0f, "dconst_1", Operands::None, Kind::Constant),
    info(0x10, "bipush", Operands::Byte, Kind::Constant),
    info(0x11, "sipush", Operands::Short, Kind::Constant),
    info(0x12, "ldc", Operands::PoolByte, Kind::Constant),
    info(0x13, "ldc_w", Operands::Pool, Kind::Constant),
    info(0x14, "ldc2_w", Operands::Pool, Kind::Constant),
    info(0x15, "iload", Operands::Local, Kind::Load),
    info(0x16, "lload", Operands::Local, Kind::Load),
    info(0x17, "fload", Operands::Local, Kind::Load),
    info(0x18, "dload", Operands::Local, Kind::Load),
    info(0x19, "aload", Operands::Local, Kind::Load),
    info(0x1a, "iload_0", Operands::ImplicitLocal, Kind::Load),
    info(0x1b, "iload_1", Operands::ImplicitLocal, Kind::Load),
    info(0x1c, "iload_2", Operands::ImplicitLocal, Kind::Load),
    info(0x1d, "iload_3", Operands::ImplicitLocal, Kind::Load),
    info(0x1e, "lload_0", Operands::ImplicitLocal, Kind::Load),
    info(0x1f, "lload_1", Operands::ImplicitLocal, Kind::Load),
    info(0x20, "lload_2", Operands::ImplicitLocal, Kind::Load),
    info(0x21, "lload_3", Operands::ImplicitLocal, Kind::Load),
    info(0x22, "fload_0", Operands::ImplicitLocal, Kind::Load),
    info(0x23, "fload_1", Operands::ImplicitLocal, Kind::Load),
    info(0x24, "fload_2", Operands::ImplicitLocal, Kind::Load),
    info(0x25, "fload_3", Operands::ImplicitLocal, Kind::Load),
    info(0x26, "dload_0", Operands::ImplicitLocal, Kind::Load),
    info(0x27, "dload_1", Operands::ImplicitLocal, Kind::Load),
    info(0x28, "dload_2", Operands::ImplicitLocal, Kind::Load),
    info(0x29, "dload_3", Operands::ImplicitLocal, Kind::Load),
    info(0x2a, "aload_0", Operands::ImplicitLocal, Kind::Load),
    info(0x2b, "aload_1", Operands::ImplicitLocal, Kind::Load),
    info(0x2c, "aload_2", Operands::ImplicitLocal, Kind::Load),
    info(0x2d, "aload_3", Operands::ImplicitLocal, Kind::Load),
    info(0x2e, "iaload", Operands::None, Kind::ArrayLoad),
    info(0x2f, "laload", Operands::None, Kind::ArrayLoad),
    info(0x30, "faload", Operands::None, Kind::ArrayLoad),
    info(0x31, "daload", Operands::None, Kind::ArrayLoad),
    info(0x32, "aaload", Operands::None, Kind::ArrayLoad),
    info(0x33, "baload", Operands::None, Kind::ArrayLoad),
    info(0x34, "caload", Operands::None, Kind::ArrayLoad),
    info(0x35, "saload", Operands::None, Kind::ArrayLoad),
    info(0x36, "istore", Operands::Local, Kind::Store),
    info(0x37, "lstore", Operands::Local, Kind::Store),
    info(0x38, "fstore", Operands::Local, Kind::Store),
    info(0x39, "dstore", Operands::Local, Kind::Store),
    info(0x3a, "astore", Operands::Local, Kind::Store),
    info(0x3b, "istore_0", Operands::ImplicitLocal, Kind::Store),
    info(0x3c, "istore_1", Operands::ImplicitLocal, Kind::Store),
    info(0x3d, "istore_2", Operands::ImplicitLocal, Kind::Store),
    info(0x3e, "istore_3", Operands::ImplicitLocal, Kind::Store),
    info(0x3f, "lstore_0", Operands::ImplicitLocal, Kind::Store),
    info(0x40, "lstore_1", Operands::ImplicitLocal, Kind::Store),
    info(0x41, "lstore_2", Operands::ImplicitLocal, Kind::Store),
    info(0x42, "lstore_3", Operands::ImplicitLocal, Kind::Store),
    info(0x43, "fstore_0", Operands::ImplicitLocal, Kind::Store),
    info(0x44, "fstore_1", Operands::ImplicitLocal, Kind::Store),
    info(0x45, "fstore_2", Operands::ImplicitLocal, Kind::Store),
    info(0x46, "fstore_3", Operands::ImplicitLocal, Kind::Store),
    info(0x47, "dstore_0", Operands::ImplicitLocal, Kind::Store),
    info(0x48, "dstore_1", Operands::ImplicitLocal, Kind::Store),
    info(0x49, "dstore_2", Operands::ImplicitLocal, Kind::Store),
    info(0x4a, "dstore_3", Operands::ImplicitLocal, Kind::Store),
    info(0x4b, "astore_0", Operands::ImplicitLocal, Kind::Store),
    info(0x4c, "astore_1", Operands::ImplicitLocal, Kind::Store),
    info(0x4d, "astore_2", Operands::ImplicitLocal, Kind::Store),
    info(0x4e, "astore_3", Operands::ImplicitLocal, Kind::Store),
    info(0x4f, "iastore", Operands::None, Kind::ArrayStore),
    info(0x50, "lastore", Operands::None, Kind::ArrayStore),
    info(0x51, "fastore", Operands::None, Kind::ArrayStore),
    info(0x52, "dastore", Operands::None, Kind::ArrayStore),
    info(0x53, "aastore", Operands::None, Kind::ArrayStore),
    info(0x54, "bastore", Operands::None, Kind::ArrayStore),
    info(0x55, "castore", Operands::None, Kind::ArrayStore),
    info(0x56, "sastore", Operands::None, Kind::ArrayStore),
    info(0x57, "pop", Operands::None, Kind::Stack),
    info(0x58, "pop2", Operands::None, Kind::Stack),
    info(0x59, "dup", Operands::None, Kind::Stack),
    info(0x5a, "dup_x1", Operands::None, Kind::Stack),
    info(0x5b, "dup_x2", Operands::None, Kind::Stack),
    info(0x5c, "dup2", Operands::None, Kind::Stack),
    info(0x5d, "dup2_x1", Operands::None, Kind::Stack),
    info(0x5e, "dup2_x2", Operands::None, Kind::Stack),
    info(0x5f, "swap", Operands::None, Kind::Stack),
    info(0x60, "iadd", Operands::None, Kind::Binary),
    info(0x61, "ladd", Operands::None, Kind::Binary),
    info(0x62, "fadd", Operands::None, Kind::Binary),
    info(0x63, "dadd", Operands::None, Kind::Binary),
    info(0x64, "isub", Operands::None, Kind::Binary),
    info(0x65, "lsub", Operands::None, Kind::Binary),
    info(0x66, "fsub", Operands::None, Kind::Binary),
    info(0x67, "dsub", Operands::None, Kind::Binary),
    info(0x68, "imul", Operands::None, Kind::Binary),
    info(0x69, "lmul", Operands::None, Kind::Binary),
    info(0x6a, "fmul", Operands::None, Kind::Binary),
    info(0x6b, "dmul", Operands::None, Kind::Binary),
    info(0x6c, "idiv", Operands::None, Kind::Binary),
    info(0x6d, "ldiv", Operands::None, Kind::Binary),
    info(0x6e, "fdiv", Operands::None, Kind::Binary),
    info(0x6f, "ddiv", Operands::None, Kind::Binary),
    info(0x70, "irem", Operands::None, Kind::Binary),
    info(0x71, "lrem", Operands::None, Kind::Binary),
    info(0x72, "frem", Operands::None, Kind::Binary),
    info(0x73, "drem", Operands::None, Kind::Binary),
    info(0x74, "ineg", Operands::None, Kind::Unary),
    info(0x75, "lneg", Operands::None, Kind::Unary),
    info(0x76, "fneg", Operands::None, Kind::Unary),
    info(0x77, "dneg", Operands::None, Kind::Unary),
    info(0x78, "ishl", Operands::None, Kind::Binary),
    info(0x79, "lshl", Operands::None, Kind::Binary),
    info(0x7a, "ishr", Operands::None, Kind::Binary),
    info(0x7b, "lshr", Operands::None, Kind::Binary),
    info(0x7c, "iushr", Operands::None, Kind::Binary),
    info(0x7d, "lushr", Operands::None, Kind::Binary),
    info(0x7e, "iand", Operands::None, Kind::Binary),
    info(0x7f, "land", Operands::None, Kind::Binary),
    info(0x80, "ior", Operands::None, Kind::Binary),
    info(0x81, "lor", Operands::None, Kind::Binary),
    info(0x82, "ixor", Operands::None, Kind::Binary),
    info(0x83, "lxor", Operands::None, Kind::Binary),
    info(0x84, "iinc", Operands::Iinc, Kind::Iinc),
    info(0x85, "i2l", Operands::None, Kind::Conversion),
    info(0x86, "i2f", Operands::None, Kind::Conversion),
    info(0x87, "i2d", Operands::None, Kind::Conversion),
    info(0x88, "l2i", Operands::None, Kind::Conversion),
    info(0x89, "l2f", Operands::None, Kind::Conversion),
    info(0x8a, "l2d", Operands::None, Kind::Conversion),
    info(0x8b, "f2i", Operands::None, Kind::Conversion),
    info(0x8c, "f2l", Operands::None, Kind::Conversion),
    info(0x8d, "f2d", Operands::None, Kind::Conversion),
    info(0x8e, "d2i", Operands::None, Kind::Conversion),
    info(0x8f, "d2l", Operands::None, Kind::Conversion),
    info(0x90, "d2f", Operands::None, Kind::Conversion),
    info(0x91, "i2b", Operands::None, Kind::Conversion),
    info(0x92, "i2c", Operands::None, Kind::Conversion),
    info(0x93, "i2s", Operands::None, Kind::Conversion),
    info(0x94, "lcmp", Operands::None, Kind::Compare),
    info(0x95, "fcmpl", Operands::None, Kind::Compare),
    info(0x96, "fcmpg", Operands::None, Kind::Compare),
    info(0x97, "dcmpl", Operands::None, Kind::Compare),
    info(0x98, "dcmpg", Operands::None, Kind::Compare),
    info(0x99, "ifeq", Operands::Branch, Kind::UnaryBranch),
    info(0x9a, "ifne", Operands::Branch, Kind::UnaryBranch),
    info(0x9b, "iflt", Operands::Branch, Kind::UnaryBranch),
    info(0x9c, "ifge", Operands::Branch, Kind::UnaryBranch),
    info(0x9d, "ifgt", Operands::Branch, Kind::UnaryBranch),
    info(0x9e, "ifle", Operands::Branch, Kind::UnaryBranch),
    info(0x9f, "if_icmpeq", Operands::Branch, Kind::BinaryBranch),
    info(0xa0, "if_icmpne", Operands::Branch, Kind::BinaryBranch),
    info(0xa1, "if_icmplt", Operands::Branch, Kind::BinaryBranch),
    info(0xa2, "if_icmpge", Operands::Branch, Kind::BinaryBranch),
    info(0xa3, "if_icmpgt", Operands::Branch, Kind::BinaryBranch),
    info(0xa4, "if_icmple", Operands::Branch, Kind::BinaryBranch),
    info(0xa5, "if_acmpeq", Operands::Branch, Kind::BinaryBranch),
    info(0xa6, "if_acmpne", Operands::Branch, Kind::BinaryBranch),
    info(0xa7, "goto", Operands::Branch, Kind::Goto),
    info(0xa8, "jsr", Operands::Branch, Kind::Jsr),
    info(0xa9, "ret", Operands::Local, Kind::Ret),
    info(0xaa, "tableswitch", Operands::TableSwitch, Kind::Switch),
    info(0xab, "lookupswitch", Operands::LookupSwitch, Kind::Switch),
    info(0xac, "ireturn", Operands::None, Kind::Return),
    info(0xad, "lreturn", Operands::None, Kind::Return),
    info(0xae, "freturn", Operands::None, Kind::Return),
    info(0xaf, "dreturn", Operands::None, Kind::Return),
    info(0xb0, "areturn", Operands::None, Kind::Return),
    info(0xb1, "return", Operands::None, Kind::Return),
    info(0xb2, "getstatic", Operands::Pool, Kind::Field),
    info(0xb3, "putstatic", Operands::Pool, Kind::Field),
    info(0xb4, "getfield", Operands::Pool, Kind::Field),
    info(0xb5, "putfield", Operands::Pool, Kind::Field),
    info(0xb6, "invokevirtual", Operands::Pool, Kind::Invoke),
    info(0xb7, "invokespecial", Operands::Pool, Kind::Invoke),
    info(0xb8, "invokestatic", Operands::Pool, Kind::Invoke),
    info(0xb9, "invokeinterface", Operands::Interface, Kind::Invoke),
    info(0xba, "invokedynamic", Operands::Dynamic, Kind::Invoke),
    info(0xbb, "new", Operands::Pool, Kind::New),
    info(0xbc, "newarray", Operands::Byte, Kind::NewArray),
    info(0xbd, "anewarray", Operands::Pool, Kind::NewArray),
    info(0xbe, "arraylength", Operands::None, Kind::ArrayLength),
    info(0xbf, "athrow", Operands::None, Kind::Throw),
    info(0xc0, "checkcast", Operands::Pool, Kind::TypeCheck),
    info(0xc1, "instanceof", Operands::Pool, Kind::TypeCheck),
    info(0xc2, "monitorenter", Operands::None, Kind::Monitor),
    info(0xc3, "monitorexit", Operands::None, Kind::Monitor),
    info(0xc4, "wide", Operands::Wide, Kind::Wide),
    info(0xc5, "multianewarray", Operands::MultiArray, Kind::NewArray),
    info(0xc6, "ifnull", Operands::Branch, Kind::UnaryBranch),
    info(0xc7, "ifnonnull", Operands::Branch, Kind::UnaryBranch),
    info(0xc8, "goto_w", Operands::BranchWide, Kind::Goto),
    info(0xc9, "jsr_w", Operands::BranchWide, Kind::Jsr),
];

/// The table row of an opcode, or `None` for an undefined or reserved one.
pub fn info_of(opcode: u8) -> Option<&'static OpcodeInfo> {
    TABLE.get(opcode as usize)
}

/// Mnemonic of an opcode, or `None` for an undefined one.
pub fn name(opcode: u8) -> Option<&'static str> {
    info_of(opcode).map(|i| i.mnemonic)
}

/// Opcode of a mnemonic (lower case, as the specification writes it).
pub fn by_mnemonic(mnemonic: &str) -> Option<u8> {
    TABLE
        .iter()
        .find(|i| i.mnemonic == mnemonic)
        .map(|i| i.opcode)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// JVMS §7 "Opcode Mnemonics by Opcode", in the specification's own notation
    /// (decimal value, hex value, mnemonic); the reserved opcodes follow separately.
    const SPEC: &str = "\
0 (0x00) nop
1 (0x01) aconst_null
2 (0x02) iconst_m1
3 (0x03) iconst_0
4 (0x04) iconst_1
5 (0x05) iconst_2
6 (0x06) iconst_3
7 (0x07) iconst_4
8 (0x08) iconst_5
9 (0x09) lconst_0
10 (0x0a) lconst_1
11 (0x0b) fconst_0
12 (0x0c) fconst_1
13 (0x0d) fconst_2
14 (0x0e) dconst_0
15 (0x0f) dconst_1
16 (0x10) bipush
17 (0x11) sipush
18 (0x12) ldc
19 (0x13) ldc_w
20 (0x14) ldc2_w
21 (0x15) iload
22 (0x16) lload
23 (0x17) fload
24 (0x18) dload
25 (0x19) aload
26 (0x1a) iload_0
27 (0x1b) iload_1
28 (0x1c) iload_2
29 (0x1d) iload_3
30 (0x1e) lload_0
31 (0x1f) lload_1
32 (0x20) lload_2
33 (0x21) lload_3
34 (0x22) fload_0
35 (0x23) fload_1
36 (0x24) fload_2
37 (0x25) fload_3
38 (0x26) dload_0
39 (0x27) dload_1
40 (0x28) dload_2
41 (0x29) dload_3
42 (0x2a) aload_0
43 (0x2b) aload_1
44 (0x2c) aload_2
45 (0x2d) aload_3
46 (0x2e) iaload
47 (0x2f) laload
48 (0x30) faload
49 (0x31) daload
50 (0x32) aaload
51 (0x33) baload
52 (0x34) caload
53 (0x35) saload
54 (0x36) istore
55 (0x37) lstore
56 (0x38) fstore
57 (0x39) dstore
58 (0x3a) astore
59 (0x3b) istore_0
60 (0x3c) istore_1
61 (0x3d) istore_2
62 (0x3e) istore_3
63 (0x3f) lstore_0
64 (0x40) lstore_1
65 (0x41) lstore_2
66 (0x42) lstore_3
67 (0x43) fstore_0
68 (0x44) fstore_1
69 (0x45) fstore_2
70 (0x46) fstore_3
71 (0x47) dstore_0
72 (0x48) dstore_1
73 (0x49) dstore_2
74 (0x4a) dstore_3
75 (0x4b) astore_0
76 (0x4c) astore_1
77 (0x4d) astore_2
78 (0x4e) astore_3
79 (0x4f) iastore
80 (0x50) lastore
81 (0x51) fastore
82 (0x52) dastore
83 (0x53) aastore
84 (0x54) bastore
85 (0x55) castore
86 (0x56) sastore
87 (0x57) pop
88 (0x58) pop2
89 (0x59) dup
90 (0x5a) dup_x1
91 (0x5b) dup_x2
92 (0x5c) dup2
93 (0x5d) dup2_x1
94 (0x5e) dup2_x2
95 (0x5f) swap
96 (0x60) iadd
97 (0x61) ladd
98 (0x62) fadd
99 (0x63) dadd
100 (0x64) isub
101 (0x65) lsub
102 (0x66) fsub
103 (0x67) dsub
104 (0x68) imul
105 (0x69) lmul
106 (0x6a) fmul
107 (0x6b) dmul
108 (0x6c) idiv
109 (0x6d) ldiv
110 (0x6e) fdiv
111 (0x6f) ddiv
112 (0x70) irem
113 (0x71) lrem
114 (0x72) frem
115 (0x73) drem
116 (0x74) ineg
117 (0x75) lneg
118 (0x76) fneg
119 (0x77) dneg
120 (0x78) ishl
121 (0x79) lshl
122 (0x7a) ishr
123 (0x7b) lshr
124 (0x7c) iushr
125 (0x7d) lushr
126 (0x7e) iand
127 (0x7f) land
128 (0x80) ior
129 (0x81) lor
130 (0x82) ixor
131 (0x83) lxor
132 (0x84) iinc
133 (0x85) i2l
134 (0x86) i2f
135 (0x87) i2d
136 (0x88) l2i
137 (0x89) l2f
138 (0x8a) l2d
139 (0x8b) f2i
140 (0x8c) f2l
141 (0x8d) f2d
142 (0x8e) d2i
143 (0x8f) d2l
144 (0x90) d2f
145 (0x91) i2b
146 (0x92) i2c
147 (0x93) i2s
148 (0x94) lcmp
149 (0x95) fcmpl
150 (0x96) fcmpg
151 (0x97) dcmpl
152 (0x98) dcmpg
153 (0x99) ifeq
154 (0x9a) ifne
155 (0x9b) iflt
156 (0x9c) ifge
157 (0x9d) ifgt
158 (0x9e) ifle
159 (0x9f) if_icmpeq
160 (0xa0) if_icmpne
161 (0xa1) if_icmplt
162 (0xa2) if_icmpge
163 (0xa3) if_icmpgt
164 (0xa4) if_icmple
165 (0xa5) if_acmpeq
166 (0xa6) if_acmpne
167 (0xa7) goto
168 (0xa8) jsr
169 (0xa9) ret
170 (0xaa) tableswitch
171 (0xab) lookupswitch
172 (0xac) ireturn
173 (0xad) lreturn
174 (0xae) freturn
175 (0xaf) dreturn
176 (0xb0) areturn
177 (0xb1) return
178 (0xb2) getstatic
179 (0xb3) putstatic
180 (0xb4) getfield
181 (0xb5) putfield
182 (0xb6) invokevirtual
183 (0xb7) invokespecial
184 (0xb8) invokestatic
185 (0xb9) invokeinterface
186 (0xba) invokedynamic
187 (0xbb) new
188 (0xbc) newarray
189 (0xbd) anewarray
190 (0xbe) arraylength
191 (0xbf) athrow
192 (0xc0) checkcast
193 (0xc1) instanceof
194 (0xc2) monitorenter
195 (0xc3) monitorexit
196 (0xc4) wide
197 (0xc5) multianewarray
198 (0xc6) ifnull
199 (0xc7) ifnonnull
200 (0xc8) goto_w
201 (0xc9) jsr_w
";
    const RESERVED: [(u8, &str); 3] = [(0xca, "breakpoint"), (0xfe, "impdep1"), (0xff, "impdep2")];

    #[test]
    fn table_matches_the_specification_list() {
        let rows: Vec<&str> = SPEC.lines().collect();
        assert_eq!(rows.len(), TABLE.len());
        for row in rows {
            let mut parts = row.split_whitespace();
            let decimal: u8 = parts.next().unwrap().parse().unwrap();
            let hex = parts.next().unwrap().trim_matches(|c| c == '(' || c == ')');
            let mnemonic = parts.next().unwrap();
            assert_eq!(u8::from_str_radix(&hex[2..], 16).unwrap(), decimal, "{row}");
            let info = info_of(decimal).unwrap_or_else(|| panic!("{row} missing"));
            assert_eq!(info.opcode, decimal);
            assert_eq!(info.mnemonic, mnemonic, "{row}");
            assert_eq!(by_mnemonic(mnemonic), Some(decimal));
        }
        for (op, mnemonic) in RESERVED {
            assert_eq!(name(op), None);
            assert_eq!(by_mnemonic(mnemonic), None);
        }
        assert!((0xcb..=0xfd).all(|op| name(op).is_none()));
    }

    #[test]
    fn constants_and_families_agree_with_the_table() {
        assert_eq!(TABLE[IINC as usize].kind, Kind::Iinc);
        assert_eq!(TABLE[ALOAD_3 as usize].operands, Operands::ImplicitLocal);
        assert_eq!(TABLE[JSR_W as usize].operands.fixed_length(), Some(5));
        assert_eq!(
            TABLE[INVOKEDYNAMIC as usize].operands.fixed_length(),
            Some(5)
        );
        assert_eq!(TABLE[LOOKUPSWITCH as usize].operands.fixed_length(), None);
        // Every typed family is named by its mnemonic's shape.
        for info in TABLE.iter() {
            let m = info.mnemonic;
            match info.kind {
                Kind::Return => assert!(m.ends_with("return")),
                Kind::Invoke => assert!(m.starts_with("invoke")),
                Kind::ArrayLoad => assert!(m.ends_with("aload") && m.len() == 6),
                Kind::ArrayStore => assert!(m.ends_with("astore") && m.len() == 7),
                Kind::Conversion => assert_eq!(m.as_bytes()[1], b'2'),
                Kind::UnaryBranch | Kind::BinaryBranch => assert!(m.starts_with("if")),
                _ => {}
            }
        }
    }
}
