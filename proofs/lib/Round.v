(** * FIPS rounding ⌈r⌋ on rationals

    FIPS 203 §2.3 and FIPS 204 §2.3: ⌈r⌋ is r rounded to the closest
    integer, ties rounded up, i.e. ⌊r + 1/2⌋.  [round_frac] computes it for
    the fractions (a/b)·c the standards use, as an integer division. *)

From Coq Require Import ZArith QArith Qround Lia.
Open Scope Z_scope.

Definition round (r : Q) : Z := Qfloor (r + (1 # 2)).

Lemma round_frac a b c :
  0 < b -> round (inject_Z a / inject_Z b * inject_Z c) = (2 * a * c + b) / (2 * b).
Proof.
  intros Hb. destruct b as [|p|p]; try lia.
  cbv [round Qfloor Qdiv Qinv inject_Z Qmult Qplus Qnum Qden].
  rewrite !Pos2Z.inj_mul. f_equal; lia.
Qed.
