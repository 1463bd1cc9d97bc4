//! Mock detection in test bytecode (MockDetector).
