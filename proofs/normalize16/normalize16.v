(** * CondAdd16 and poly.normalize16: a mod q for q = 3329

    Go source: field/mask.go poly/reduce16.go poly/types.go

<<
// CondAdd16 returns a + q if a < 0 and a otherwise.
//
// Bounds: requires 0 < q < 2^15, −q ≤ a < q; ensures 0 ≤ r < q.
func CondAdd16(a, q int16) int16 {
	return a + (a>>15)&q
}

// barrettReduce16 returns r ≡ a (mod q) in centred form.
//
// Bounds: requires any int16 a; ensures −(q−1)/2 ≤ r ≤ (q−1)/2.
func barrettReduce16(a int16) int16 {
	return field.BarrettReduce16(a, Q16, barrettV16)
}

// normalize16 returns the canonical representative of a mod q.
//
// Bounds: requires any int16 a; ensures 0 ≤ r < q.
func normalize16(a int16) int16 {
	return field.CondAdd16(barrettReduce16(a), Q16)
}

const Q16 = 3329
const barrettV16 = 20159
>>

    Model: [a + (a>>15)&q] is [a + ((a >> 15) & q)] in int16; Q16 =
    3329 and barrettV16 = 20159 (quoted above, so checked
    against the Go source). *)

From Coq Require Import ZArith Lia.
From Moduletto Require Import lib.GoInt BarrettReduce16.BarrettReduce16.
Open Scope Z_scope.

Definition cond_add16 (a q : Z) : Z := i16 (a + Z.land (asr a 15) q).

Definition normalize16 (a : Z) : Z := cond_add16 (barrett_reduce16 a 3329 20159) 3329.

(* main *)
Theorem cond_add16_correct a q :
  0 < q < 2 ^ 15 -> - q <= a < q ->
  cond_add16 a q = a mod q /\ 0 <= cond_add16 a q < q.
Proof.
  intros Hq Ha. unfold cond_add16.
  rewrite asr_sign16 by (unfold signed; simpl in *; lia).
  unfold i16. destruct (Z.ltb_spec a 0).
  - rewrite Z.land_m1_l, wrap_small by (lia || (unfold signed; simpl in *; lia)).
    split; [|lia]. apply Z.mod_unique with (q := -1); lia.
  - rewrite Z.land_0_l, Z.add_0_r, wrap_small by (lia || (unfold signed; simpl in *; lia)).
    split; [symmetry; apply Z.mod_small; lia | lia].
Qed.

(* main *)
Theorem normalize16_correct a :
  signed 16 a -> normalize16 a = a mod 3329.
Proof.
  intros Ha. unfold normalize16.
  destruct (barrett_reduce16_q3329 a Ha) as [Hc Hb].
  destruct (cond_add16_correct (barrett_reduce16 a 3329 20159) 3329) as [He _];
    [lia | lia |].
  rewrite He. exact Hc.
Qed.
