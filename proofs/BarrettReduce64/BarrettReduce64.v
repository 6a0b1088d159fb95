(** * field.BarrettReduce64 (field/barrett.go)

    Go source: field/barrett.go

<<
// BarrettReduce64 returns x mod q for any uint64 x, for the 64-bit path
// (canonical uint32 coefficients, uint64 products): t = ⌊x·m / 2^64⌋ is
// ⌊x/q⌋ or one less, x − t·q < 2q, and a conditional subtraction finishes.
// Pass m = [Params.Barrett64].
//
// Bounds: requires 3 ≤ q < 2^31 odd, m = ⌊2^64/q⌋, any uint64 x; ensures 0 ≤ r < q.
func BarrettReduce64(x uint64, q uint32, m uint64) uint32 {
	t, _ := bits.Mul64(x, m)
	return CondSubU32(uint32(x-t*uint64(q)), q)
}
>>

    Model: [bits.Mul64(x, m)] returns the high word ⌊x·m / 2^64⌋ of the
    128-bit product (and the low word, unused); [t*uint64(q)] and
    [x - …] wrap to 64 bits, [uint32(…)] to 32; [CondSubU32] is the model
    proved in [proofs/CondSubU32].  The result is exactly x mod q. *)

From Coq Require Import ZArith Lia.
From Moduletto Require Import lib.GoInt CondSubU32.CondSubU32.
Open Scope Z_scope.

Definition mul64_hi (x y : Z) : Z := (x * y) / 2 ^ 64.

Definition barrett_reduce64 (x q m : Z) : Z :=
  let t := mul64_hi x m in
  cond_sub_u32 (u32 (u64 (x - u64 (t * q)))) q.

(** t = ⌊x·m/2^64⌋ satisfies x − 2q < t·q <= x. *)
Lemma barrett64_quotient x q m :
  3 <= q < 2 ^ 31 -> m = 2 ^ 64 / q -> unsigned 64 x ->
  0 <= x - mul64_hi x m * q < 2 * q.
Proof.
  intros Hq Hm Hx. unfold unsigned in Hx. unfold mul64_hi.
  pose proof (Z.div_mod (2 ^ 64) q ltac:(lia)) as Hdm.
  pose proof (Z.mod_pos_bound (2 ^ 64) q ltac:(lia)) as Hmb.
  rewrite <- Hm in Hdm.
  set (t := x * m / 2 ^ 64).
  pose proof (Z.div_mod (x * m) (2 ^ 64) ltac:(lia)) as Htm.
  pose proof (Z.mod_pos_bound (x * m) (2 ^ 64) ltac:(lia)) as Htb.
  fold t in Htm.
  assert (Hm0 : 0 <= m) by (rewrite Hm; apply Z.div_pos; lia).
  (* t·2^64 <= x·m and x·m < (t+1)·2^64; multiply by q, use q·m <= 2^64 < q·m + q *)
  assert (Hup : t * q * 2 ^ 64 <= x * 2 ^ 64) by nia.
  assert (Hlo : x * 2 ^ 64 - x * q < (t + 1) * q * 2 ^ 64) by nia.
  assert (x * q < q * 2 ^ 64) by nia.
  split; nia.
Qed.

(* main *)
Theorem barrett_reduce64_correct x q m :
  3 <= q < 2 ^ 31 -> Z.odd q = true -> m = 2 ^ 64 / q -> unsigned 64 x ->
  barrett_reduce64 x q m = x mod q.
Proof.
  intros Hq _ Hm Hx. pose proof (barrett64_quotient x q m Hq Hm Hx) as Hb.
  unfold unsigned in Hx.
  unfold barrett_reduce64. set (t := mul64_hi x m) in *.
  assert (Ht : 0 <= t).
  { unfold t, mul64_hi. apply Z.div_pos; [|lia].
    assert (0 <= m) by (rewrite Hm; apply Z.div_pos; lia). nia. }
  unfold u32, u64.
  rewrite (uwrap_small 64 (t * q)) by (unfold unsigned; nia).
  rewrite (uwrap_small 64 (x - t * q)) by (unfold unsigned; lia).
  rewrite (uwrap_small 32 (x - t * q)) by (unfold unsigned; lia).
  destruct (cond_sub_u32_correct (x - t * q) q) as [-> _]; [lia | lia |].
  rewrite Zminus_mod, Z_mod_mult, Z.sub_0_r, Zmod_mod. reflexivity.
Qed.
