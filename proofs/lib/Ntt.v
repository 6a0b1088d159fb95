(** * Definitions shared by the NTT-constant claims *)

From Coq Require Import ZArith Lia List Bool.
From Moduletto Require Import lib.Range.
Open Scope Z_scope.

(** BitRev_n(k): the n-bit reversal of k (FIPS 203 §4.3, FIPS 204 §7.5). *)
Fixpoint bitrev (n : nat) (k : Z) : Z :=
  match n with
  | O => 0
  | S n' => (k mod 2) * 2 ^ Z.of_nat n' + bitrev n' (k / 2)
  end.

(** Modular exponentiation by squaring, for the checks (z^k itself is a
    number of thousands of bits). *)
Fixpoint pow_mod_pos (z : Z) (p : positive) (q : Z) : Z :=
  match p with
  | xH => z mod q
  | xO p' => let r := pow_mod_pos z p' q in (r * r) mod q
  | xI p' => let r := pow_mod_pos z p' q in (r * r * z) mod q
  end.

Definition pow_mod (z k q : Z) : Z :=
  match k with
  | Z.pos p => pow_mod_pos z p q
  | _ => 1 mod q
  end.

Lemma pow_mod_pos_correct z p q : 0 < q -> pow_mod_pos z p q = z ^ Z.pos p mod q.
Proof.
  intros Hq. induction p as [p IH | p IH |]; simpl pow_mod_pos.
  - rewrite IH. set (A := z ^ Z.pos p).
    replace (A mod q * (A mod q) * z) with (A mod q * (A mod q * z)) by ring.
    rewrite Zmult_mod_idemp_l.
    replace (A * (A mod q * z)) with (A mod q * (A * z)) by ring.
    rewrite Zmult_mod_idemp_l. f_equal.
    unfold A. rewrite Pos2Z.inj_xI.
    replace (2 * Z.pos p + 1) with (Z.pos p + (Z.pos p + 1)) by ring.
    rewrite !Z.pow_add_r, Z.pow_1_r by lia. ring.
  - rewrite IH. set (A := z ^ Z.pos p).
    rewrite Zmult_mod_idemp_l, Zmult_mod_idemp_r. f_equal.
    unfold A. rewrite Pos2Z.inj_xO.
    replace (2 * Z.pos p) with (Z.pos p + Z.pos p) by ring.
    rewrite Z.pow_add_r by lia. reflexivity.
  - rewrite Z.pow_1_r. reflexivity.
Qed.

Lemma pow_mod_correct z k q : 0 < q -> 0 <= k -> pow_mod z k q = z ^ k mod q.
Proof.
  intros Hq Hk. destruct k as [|p|p]; [reflexivity | | lia].
  apply pow_mod_pos_correct, Hq.
Qed.

(** z is a primitive n-th root of unity mod q. *)
Definition primitive_root (z n q : Z) : Prop :=
  z ^ n mod q = 1 /\ forall k, 0 < k < n -> z ^ k mod q <> 1.

Definition primitive_root_check (z n q : Z) : bool :=
  Z.eqb (pow_mod z n q) 1 &&
  forall_range 1 n (fun k => negb (Z.eqb (pow_mod z k q) 1)).

Lemma primitive_root_check_sound z n q :
  0 < q -> 0 <= n ->
  primitive_root_check z n q = true -> primitive_root z n q.
Proof.
  unfold primitive_root_check, primitive_root.
  intros Hq Hn H. apply andb_prop in H as [H1 H2]. split.
  - rewrite <- pow_mod_correct by lia. apply Z.eqb_eq, H1.
  - intros k Hk. pose proof (forall_range_sound _ _ _ H2 k ltac:(lia)) as Hc.
    simpl in Hc. apply negb_true_iff, Z.eqb_neq in Hc.
    rewrite <- pow_mod_correct by lia. exact Hc.
Qed.

(** The centred representative of x mod q, in [−(q−1)/2, (q−1)/2] (q odd). *)
Definition centred (q x : Z) : Z :=
  let r := x mod q in if r <=? (q - 1) / 2 then r else r - q.

(** A table entry t is the centred representative of x mod q. *)
Definition centred_check (q t x : Z) : bool :=
  Z.eqb t (centred q x).

Lemma centred_spec q x :
  0 < q -> Z.odd q = true ->
  centred q x mod q = x mod q /\
  - ((q - 1) / 2) <= centred q x <= (q - 1) / 2.
Proof.
  intros Hq Hodd. rewrite Zodd_mod in Hodd. apply Zeq_bool_eq in Hodd.
  pose proof (Z.mod_pos_bound x q Hq).
  pose proof (Z.div_mod q 2 ltac:(lia)).
  pose proof (Z.div_mod (q - 1) 2 ltac:(lia)).
  pose proof (Z.mod_pos_bound (q - 1) 2 ltac:(lia)).
  assert ((q - 1) mod 2 = 0).
  { rewrite Zminus_mod, Hodd. reflexivity. }
  unfold centred. destruct (Z.leb_spec (x mod q) ((q - 1) / 2)).
  - split; [apply Zmod_mod | lia].
  - split; [|lia].
    rewrite Zminus_mod, Z_mod_same_full, Z.sub_0_r, !Zmod_mod. reflexivity.
Qed.

(** Checking a table: entry i of [tbl] equals [f i] for 0 <= i < n. *)
Definition table_check (tbl : list Z) (n : Z) (f : Z -> Z) : bool :=
  Z.eqb (Z.of_nat (length tbl)) n &&
  forall_range 0 n (fun i => Z.eqb (nth (Z.to_nat i) tbl 0) (f i)).

Lemma table_check_sound tbl n f :
  table_check tbl n f = true ->
  Z.of_nat (length tbl) = n /\
  forall i, 0 <= i < n -> nth (Z.to_nat i) tbl 0 = f i.
Proof.
  unfold table_check. intros H. apply andb_prop in H as [H1 H2].
  split; [apply Z.eqb_eq, H1|].
  intros i Hi. apply Z.eqb_eq. exact (forall_range_sound _ _ _ H2 i Hi).
Qed.

Lemma centred_mod q x : centred q (x mod q) = centred q x.
Proof. unfold centred. rewrite Zmod_mod. reflexivity. Qed.

(** The table of centred twiddles z^e(i)·R mod q, checked with [pow_mod]. *)
Definition twiddle_check (tbl : list Z) (n q z R : Z) (e : Z -> Z) : bool :=
  table_check tbl n (fun i => centred q (pow_mod z (e i) q * R)).

Lemma twiddle_check_sound tbl n q z R e :
  0 < q -> (forall i, 0 <= i < n -> 0 <= e i) ->
  twiddle_check tbl n q z R e = true ->
  Z.of_nat (length tbl) = n /\
  forall i, 0 <= i < n -> nth (Z.to_nat i) tbl 0 = centred q (z ^ e i * R).
Proof.
  intros Hq He H. apply table_check_sound in H as [Hl Ht].
  split; [exact Hl|]. intros i Hi. rewrite Ht by exact Hi.
  rewrite pow_mod_correct by (auto; lia).
  rewrite <- (centred_mod q (z ^ e i mod q * R)), Zmult_mod_idemp_l, centred_mod.
  reflexivity.
Qed.

Lemma bitrev_nonneg n k : 0 <= bitrev n k.
Proof.
  revert k. induction n as [|n IH]; intros k; simpl; [lia|].
  pose proof (Z.mod_pos_bound k 2 ltac:(lia)).
  pose proof (IH (k / 2)). pose proof (Z.pow_nonneg 2 (Z.of_nat n) ltac:(lia)). nia.
Qed.
