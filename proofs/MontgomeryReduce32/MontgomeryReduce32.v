(** * field.MontgomeryReduce32 and field.MontgomeryMul32 (field/montgomery.go)

    Go source: field/montgomery.go

<<
// MontgomeryReduce32 returns r ≡ a·2^−32 (mod q), for 32-bit lanes.
// Pass qInv = int32([Params.QInv]) (q⁻¹ mod 2^32; 58728449 for q = 8380417).
//
// Bounds: requires 0 < q < 2^31 odd, q·qInv ≡ 1 (mod 2^32), −q·2^31 ≤ a < q·2^31; ensures |r| < q.
func MontgomeryReduce32(a int64, q, qInv int32) int32 {
	t := int32(a) * qInv // a·q⁻¹ mod 2^32
	return int32((a - int64(t)*int64(q)) >> 32)
}

// Bounds: requires 0 < q < 2^31 odd, q·qInv ≡ 1 (mod 2^32), −q·2^31 ≤ a·b < q·2^31; ensures |r| < q.
func MontgomeryMul32(a, b, q, qInv int32) int32 {
	return MontgomeryReduce32(int64(a)*int64(b), q, qInv)
}
>>

    The model is [lib.Montgomery.mont_reduce] with n = 32.  For
    q = 8380417, 2^−32 mod q = 8265825. *)

From Coq Require Import ZArith Lia.
From Moduletto Require Import lib.GoInt lib.Montgomery.
Open Scope Z_scope.

Definition montgomery_reduce32 (a q qinv : Z) : Z := mont_reduce 32 q qinv a.

(** [int64(a)*int64(b)] for int32 a, b never wraps. *)
Definition montgomery_mul32 (a b q qinv : Z) : Z :=
  montgomery_reduce32 (i64 (a * b)) q qinv.

(* main *)
Theorem montgomery_reduce32_correct a q qinv :
  0 < q < 2 ^ 31 -> Z.odd q = true ->
  (q * qinv) mod 2 ^ 32 = 1 ->
  - q * 2 ^ 31 <= a < q * 2 ^ 31 ->
  let r := montgomery_reduce32 a q qinv in
  - q < r < q /\ (r * 2 ^ 32) mod q = a mod q.
Proof.
  intros Hq _ Hinv Ha. apply mont_reduce_correct; simpl; lia.
Qed.

(* main *)
Theorem montgomery_mul32_correct a b q qinv :
  signed 32 a -> signed 32 b ->
  0 < q < 2 ^ 31 -> Z.odd q = true ->
  (q * qinv) mod 2 ^ 32 = 1 ->
  - q * 2 ^ 31 <= a * b < q * 2 ^ 31 ->
  let r := montgomery_mul32 a b q qinv in
  - q < r < q /\ (r * 2 ^ 32) mod q = (a * b) mod q.
Proof.
  intros Ha Hb Hq Hodd Hinv Hab. unfold montgomery_mul32, i64.
  unfold signed in Ha, Hb. simpl in Ha, Hb.
  rewrite (wrap_small 64 (a * b)) by (unfold signed; simpl; nia).
  apply montgomery_reduce32_correct; assumption.
Qed.

(** The constants for q = 8380417 (ML-DSA): qInv = 58728449, and
    2^−32 ≡ 8265825. *)
Lemma qinv_8380417 : (8380417 * 58728449) mod 2 ^ 32 = 1.
Proof. reflexivity. Qed.

Lemma rinv_8380417 : (2 ^ 32 * 8265825) mod 8380417 = 1.
Proof. reflexivity. Qed.

(* main *)
Theorem montgomery_reduce32_q8380417 a :
  - 8380417 * 2 ^ 31 <= a < 8380417 * 2 ^ 31 ->
  let r := montgomery_reduce32 a 8380417 58728449 in
  - 8380417 < r < 8380417 /\ r mod 8380417 = (a * 8265825) mod 8380417.
Proof.
  intros Ha r.
  destruct (montgomery_reduce32_correct a 8380417 58728449) as [Hb Hc];
    [lia | reflexivity | reflexivity | exact Ha |].
  fold r in Hb, Hc. split; [exact Hb|].
  exact (mont_rinv r a _ _ _ rinv_8380417 Hc).
Qed.
