(** * field.MontgomeryReduceLazy64, field.MontgomeryReduce64 and
      field.MontgomeryMul64 (field/montgomery.go)

    Go source: field/montgomery.go

<<
// Bounds: requires 0 < q < 2^31 odd, q·qNegInv ≡ −1 (mod 2^32), a < q·2^32; ensures 0 ≤ r < q.
func MontgomeryReduce64(a uint64, q, qNegInv uint32) uint32 {
	return CondSubU32(MontgomeryReduceLazy64(a, q, qNegInv), q)
}

// Bounds: requires 0 < q < 2^31 odd, q·qNegInv ≡ −1 (mod 2^32), a < q·2^32; ensures 0 ≤ r < 2q.
func MontgomeryReduceLazy64(a uint64, q, qNegInv uint32) uint32 {
	m := uint32(a) * qNegInv // a + m·q ≡ 0 (mod 2^32)
	return uint32((a + uint64(m)*uint64(q)) >> 32)
}

// Bounds: requires 0 < q < 2^31 odd, q·qNegInv ≡ −1 (mod 2^32), a·b < q·2^32 (e.g. a < q, any b); ensures 0 ≤ r < q.
func MontgomeryMul64(a, b, q, qNegInv uint32) uint32 {
	return MontgomeryReduce64(uint64(a)*uint64(b), q, qNegInv)
}
>>

    Every value is unsigned: a is a uint64 (0 <= a < 2^64 as well as the
    stated a < q·2^32), qNegInv a uint32.  The result r satisfies
    r·2^32 ≡ a (mod q); with the final conditional subtraction it is the
    canonical a·2^−32 mod q. *)

From Coq Require Import ZArith Lia.
From Moduletto Require Import lib.GoInt lib.Montgomery CondSubU32.CondSubU32.
Open Scope Z_scope.

Definition montgomery_reduce_lazy64 (a q qneginv : Z) : Z :=
  let m := u32 (u32 a * qneginv) in
  u32 (asr (u64 (a + u64 (m * q))) 32).

Definition montgomery_reduce64 (a q qneginv : Z) : Z :=
  cond_sub_u32 (montgomery_reduce_lazy64 a q qneginv) q.

Definition montgomery_mul64 (a b q qneginv : Z) : Z :=
  montgomery_reduce64 (u64 (a * b)) q qneginv.

(* main *)
Theorem montgomery_reduce_lazy64_correct a q qneginv :
  0 < q < 2 ^ 31 -> Z.odd q = true ->
  (q * qneginv) mod 2 ^ 32 = (-1) mod 2 ^ 32 ->
  0 <= a < q * 2 ^ 32 ->
  let r := montgomery_reduce_lazy64 a q qneginv in
  0 <= r < 2 * q /\ (r * 2 ^ 32) mod q = a mod q.
Proof.
  intros Hq _ Hinv Ha. unfold montgomery_reduce_lazy64, u32, u64, uwrap.
  set (m := (a mod 2 ^ 32 * qneginv) mod 2 ^ 32).
  assert (Hm : 0 <= m < 2 ^ 32) by (apply Z.mod_pos_bound; lia).
  assert (Hmm : m mod 2 ^ 32 = (a * qneginv) mod 2 ^ 32).
  { unfold m. rewrite Zmod_mod, Zmult_mod, Zmod_mod, <- Zmult_mod. reflexivity. }
  rewrite (Z.mod_small (m * q)) by nia.
  rewrite (Z.mod_small (a + m * q)) by nia.
  destruct (mod_eq_exists m (a * qneginv) (2 ^ 32) ltac:(lia) Hmm) as [j Hj].
  destruct (mod_eq_exists (q * qneginv) (-1) (2 ^ 32) ltac:(lia) Hinv) as [k Hk].
  assert (Hexact : a + m * q = 2 ^ 32 * (a * k + j * q)).
  { rewrite Hj.
    replace ((a * qneginv + 2 ^ 32 * j) * q) with (a * (q * qneginv) + 2 ^ 32 * j * q) by ring.
    rewrite Hk. ring. }
  rewrite asr_div by lia. rewrite Hexact.
  rewrite Z.mul_comm, Z.div_mul by lia.
  assert (Hb : 0 <= a * k + j * q < 2 * q) by nia.
  rewrite Z.mod_small by lia.
  split; [exact Hb|].
  rewrite Z.mul_comm, <- Hexact.
  rewrite Zplus_mod, Z_mod_mult, Z.add_0_r, Zmod_mod. reflexivity.
Qed.

(* main *)
Theorem montgomery_reduce64_correct a q qneginv :
  0 < q < 2 ^ 31 -> Z.odd q = true ->
  (q * qneginv) mod 2 ^ 32 = (-1) mod 2 ^ 32 ->
  0 <= a < q * 2 ^ 32 ->
  let r := montgomery_reduce64 a q qneginv in
  0 <= r < q /\ (r * 2 ^ 32) mod q = a mod q.
Proof.
  intros Hq Hodd Hinv Ha r. unfold r, montgomery_reduce64.
  destruct (montgomery_reduce_lazy64_correct a q qneginv Hq Hodd Hinv Ha)
    as [Hb Hc].
  destruct (cond_sub_u32_correct (montgomery_reduce_lazy64 a q qneginv) q)
    as [He Hr]; [lia | lia |].
  rewrite He. split; [apply Z.mod_pos_bound; lia|].
  rewrite Zmult_mod, Zmod_mod, <- Zmult_mod. exact Hc.
Qed.

(* main *)
Theorem montgomery_mul64_correct a b q qneginv :
  unsigned 32 a -> unsigned 32 b ->
  0 < q < 2 ^ 31 -> Z.odd q = true ->
  (q * qneginv) mod 2 ^ 32 = (-1) mod 2 ^ 32 ->
  a * b < q * 2 ^ 32 ->
  let r := montgomery_mul64 a b q qneginv in
  0 <= r < q /\ (r * 2 ^ 32) mod q = (a * b) mod q.
Proof.
  intros Ha Hb Hq Hodd Hinv Hab. unfold unsigned in Ha, Hb.
  unfold montgomery_mul64, u64. rewrite (uwrap_small 64 (a * b)) by (unfold unsigned; nia).
  apply montgomery_reduce64_correct; [assumption | assumption | assumption | nia].
Qed.
