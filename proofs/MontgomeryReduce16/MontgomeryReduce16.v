(** * field.MontgomeryReduce16 and field.MontgomeryMul16 (field/montgomery.go)

    Go source: field/montgomery.go

<<
// MontgomeryReduce16 returns r ≡ a·2^−16 (mod q), for 16-bit lanes.
// Pass qInv = [Params.QInv16] (q⁻¹ mod 2^16; −3327 for q = 3329).
//
// Bounds: requires 0 < q < 2^15 odd, q·qInv ≡ 1 (mod 2^16), −q·2^15 ≤ a < q·2^15; ensures |r| < q.
func MontgomeryReduce16(a int32, q, qInv int16) int16 {
	t := int16(a) * qInv // a·q⁻¹ mod 2^16
	return int16((a - int32(t)*int32(q)) >> 16)
}

// Bounds: requires 0 < q < 2^15 odd, q·qInv ≡ 1 (mod 2^16), −q·2^15 ≤ a·b < q·2^15; ensures |r| < q.
func MontgomeryMul16(a, b, q, qInv int16) int16 {
	return MontgomeryReduce16(int32(a)*int32(b), q, qInv)
}
>>

    The model is [lib.Montgomery.mont_reduce] with n = 16: int16 wrap of the
    product t, int32 wrap of t·q and of the difference, floor shift by 16,
    int16 wrap of the result.  "r ≡ a·2^−16" is stated as r·2^16 ≡ a
    (mod q), which is the same thing for odd q; for q = 3329 it is also
    stated with 2^−16 mod q = 169. *)

From Coq Require Import ZArith Lia.
From Moduletto Require Import lib.GoInt lib.Montgomery.
Open Scope Z_scope.

Definition montgomery_reduce16 (a q qinv : Z) : Z := mont_reduce 16 q qinv a.

(** [int32(a)*int32(b)] for int16 a, b never wraps. *)
Definition montgomery_mul16 (a b q qinv : Z) : Z :=
  montgomery_reduce16 (i32 (a * b)) q qinv.

(* main *)
Theorem montgomery_reduce16_correct a q qinv :
  0 < q < 2 ^ 15 -> Z.odd q = true ->
  (q * qinv) mod 2 ^ 16 = 1 ->
  - q * 2 ^ 15 <= a < q * 2 ^ 15 ->
  let r := montgomery_reduce16 a q qinv in
  - q < r < q /\ (r * 2 ^ 16) mod q = a mod q.
Proof.
  intros Hq _ Hinv Ha. apply mont_reduce_correct; simpl; lia.
Qed.

(* main *)
Theorem montgomery_mul16_correct a b q qinv :
  signed 16 a -> signed 16 b ->
  0 < q < 2 ^ 15 -> Z.odd q = true ->
  (q * qinv) mod 2 ^ 16 = 1 ->
  - q * 2 ^ 15 <= a * b < q * 2 ^ 15 ->
  let r := montgomery_mul16 a b q qinv in
  - q < r < q /\ (r * 2 ^ 16) mod q = (a * b) mod q.
Proof.
  intros Ha Hb Hq Hodd Hinv Hab. unfold montgomery_mul16, i32.
  unfold signed in Ha, Hb. simpl in Ha, Hb.
  rewrite (wrap_small 32 (a * b)) by (unfold signed; simpl; nia).
  apply montgomery_reduce16_correct; assumption.
Qed.

(** The constants for q = 3329 (ML-KEM): qInv = −3327, and 2^−16 ≡ 169. *)
Lemma qinv_3329 : (3329 * -3327) mod 2 ^ 16 = 1.
Proof. reflexivity. Qed.

Lemma rinv_3329 : (2 ^ 16 * 169) mod 3329 = 1.
Proof. reflexivity. Qed.

(* main *)
Theorem montgomery_reduce16_q3329 a :
  - 3329 * 2 ^ 15 <= a < 3329 * 2 ^ 15 ->
  let r := montgomery_reduce16 a 3329 (-3327) in
  - 3329 < r < 3329 /\ r mod 3329 = (a * 169) mod 3329.
Proof.
  intros Ha r.
  destruct (montgomery_reduce16_correct a 3329 (-3327)) as [Hb Hc];
    [lia | reflexivity | reflexivity | exact Ha |].
  fold r in Hb, Hc. split; [exact Hb|].
  exact (mont_rinv r a _ _ _ rinv_3329 Hc).
Qed.
