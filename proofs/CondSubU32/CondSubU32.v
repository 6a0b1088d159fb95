(** * field.CondSubU32: conditional subtraction by mask (field/mask.go)

    Go source: field/mask.go

<<
// CondSubU32 returns a − q if a ≥ q and a otherwise, on the unsigned lanes of
// the 64-bit path.
//
// Bounds: requires 0 < q < 2^31, a < 2q; ensures r < q.
func CondSubU32(a, q uint32) uint32 {
	r := a - q
	// r wrapped below zero iff a < q; then its top bit is set because q < 2^31.
	return r + q&-(r>>31)
}
>>

    Go's [&] binds tighter than [+]: the result is [r + (q & -(r>>31))],
    every operation on uint32. *)

From Coq Require Import ZArith Lia.
From Moduletto Require Import lib.GoInt.
Open Scope Z_scope.

Definition cond_sub_u32 (a q : Z) : Z :=
  let r := u32 (a - q) in
  u32 (r + Z.land q (u32 (- asr r 31))).

(* main *)
Theorem cond_sub_u32_correct a q :
  0 < q < 2 ^ 31 -> 0 <= a < 2 * q ->
  cond_sub_u32 a q = a mod q /\ 0 <= cond_sub_u32 a q < q.
Proof.
  intros Hq Ha. unfold cond_sub_u32, u32, uwrap.
  rewrite asr_div by lia.
  destruct (Z_lt_le_dec a q) as [Hlt | Hge].
  - (* a < q: r = a − q + 2^32 has its top bit set, the mask is all ones. *)
    rewrite (Z.mod_small a q) by lia.
    replace ((a - q) mod 2 ^ 32) with (a - q + 2 ^ 32)
      by (apply Z.mod_unique with (q := -1); lia).
    replace ((a - q + 2 ^ 32) / 2 ^ 31) with 1
      by (apply Z.div_unique with (r := a - q + 2 ^ 31); lia).
    replace (Z.opp 1 mod 2 ^ 32) with (Z.ones 32) by reflexivity.
    rewrite Z.land_ones, (Z.mod_small q) by lia.
    replace (a - q + 2 ^ 32 + q) with (a + 1 * 2 ^ 32) by ring.
    rewrite Z_mod_plus_full, Z.mod_small by lia. lia.
  - (* q <= a < 2q: r = a − q < 2^31, the mask is zero. *)
    rewrite (Z.mod_small (a - q)) by lia.
    rewrite Z.div_small by lia.
    replace (Z.opp 0 mod 2 ^ 32) with 0 by reflexivity.
    rewrite Z.land_0_r, Z.add_0_r, Z.mod_small by lia.
    replace (a mod q) with (a - q)
      by (apply Z.mod_unique with (q := 1); lia).
    lia.
Qed.
