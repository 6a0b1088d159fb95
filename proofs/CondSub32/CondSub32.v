(** * field.CondSub16, field.CondSub32, field.CondAdd32 (field/mask.go)

    Go source: field/mask.go

<<
// CondSub16 returns a − q if a ≥ q and a otherwise.
//
// Bounds: requires 0 < q < 2^15, 0 ≤ a < 2q; ensures 0 ≤ r < q.
func CondSub16(a, q int16) int16 {
	r := a - q
	return r + (r>>15)&q
}

// CondSub32 returns a − q if a ≥ q and a otherwise.
//
// Bounds: requires 0 < q < 2^31, 0 ≤ a < 2q; ensures 0 ≤ r < q.
func CondSub32(a, q int32) int32 {
	r := a - q
	return r + (r>>31)&q
}

// CondAdd32 returns a + q if a < 0 and a otherwise.
//
// Bounds: requires 0 < q < 2^31, −q ≤ a < q; ensures 0 ≤ r < q.
func CondAdd32(a, q int32) int32 {
	return a + (a>>31)&q
}
>>

    One shape for every lane width n: [r + (r >> (n−1)) & q] in n-bit
    arithmetic ([&] binds like [*]); CondAdd16 is in [proofs/normalize16].
    The operands are Go values of their type: a is an n-bit signed value
    (so "0 ≤ a < 2q" also means a < 2^(n−1)). *)

From Coq Require Import ZArith Lia.
From Moduletto Require Import lib.GoInt.
Open Scope Z_scope.

Definition cond_add (n a q : Z) : Z := wrap n (a + Z.land (asr a (n - 1)) q).
Definition cond_sub (n a q : Z) : Z := cond_add n (wrap n (a - q)) q.

Lemma cond_add_correct n a q :
  1 <= n -> 0 < q < 2 ^ (n - 1) -> - q <= a < q ->
  cond_add n a q = a mod q.
Proof.
  intros Hn Hq Ha. unfold cond_add.
  rewrite asr_sign by (unfold signed; lia).
  destruct (Z.ltb_spec a 0).
  - rewrite Z.land_m1_l, wrap_small by (unfold signed; lia).
    apply Z.mod_unique with (q := -1); lia.
  - rewrite Z.land_0_l, Z.add_0_r, wrap_small by (unfold signed; lia).
    symmetry. apply Z.mod_small. lia.
Qed.

Lemma cond_sub_correct n a q :
  1 <= n -> 0 < q < 2 ^ (n - 1) -> signed n a -> 0 <= a < 2 * q ->
  cond_sub n a q = a mod q.
Proof.
  intros Hn Hq Ha Ha2. unfold cond_sub. unfold signed in Ha.
  rewrite (wrap_small n (a - q)) by (unfold signed; lia).
  rewrite cond_add_correct by lia.
  rewrite Zminus_mod, Z_mod_same_full, Z.sub_0_r, Zmod_mod. reflexivity.
Qed.

Definition cond_sub16 (a q : Z) : Z := cond_sub 16 a q.
Definition cond_sub32 (a q : Z) : Z := cond_sub 32 a q.
Definition cond_add32 (a q : Z) : Z := cond_add 32 a q.

(* main *)
Theorem cond_sub16_correct a q :
  signed 16 a -> 0 < q < 2 ^ 15 -> 0 <= a < 2 * q ->
  cond_sub16 a q = a mod q /\ 0 <= cond_sub16 a q < q.
Proof.
  intros Ha Hq Ha2. unfold cond_sub16.
  rewrite cond_sub_correct by (assumption || lia).
  split; [reflexivity | apply Z.mod_pos_bound; lia].
Qed.

(* main *)
Theorem cond_sub32_correct a q :
  signed 32 a -> 0 < q < 2 ^ 31 -> 0 <= a < 2 * q ->
  cond_sub32 a q = a mod q /\ 0 <= cond_sub32 a q < q.
Proof.
  intros Ha Hq Ha2. unfold cond_sub32.
  rewrite cond_sub_correct by (assumption || lia).
  split; [reflexivity | apply Z.mod_pos_bound; lia].
Qed.

(* main *)
Theorem cond_add32_correct a q :
  0 < q < 2 ^ 31 -> - q <= a < q ->
  cond_add32 a q = a mod q /\ 0 <= cond_add32 a q < q.
Proof.
  intros Hq Ha. unfold cond_add32.
  rewrite cond_add_correct by (simpl; lia).
  split; [reflexivity | apply Z.mod_pos_bound; lia].
Qed.
