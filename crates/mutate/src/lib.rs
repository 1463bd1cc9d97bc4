//! Extreme mutation: pseudo-tested methods (Descartes).
