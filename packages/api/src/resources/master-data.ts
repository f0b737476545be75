// Master data beyond the generic CRUD of ./resource.ts: the relation editors' save of spec 2 §2
// (`PUT {owner}/{id}/{related}` answering `{ id, relatedIds }`; the editors read the ids from
// `GET {owner}/{id}`) and the named payload types the screens use. Typed from the generated `paths`.
import { mutationOptions } from '@tanstack/react-query';
import { callApi } from '../call';
import type { OperationBody, OperationData, PathsWithMethod, Schemas } from '../types';
import { invalidateResources, type EntityId } from './resource';
import '../meta';

/** A relation path: `GET` and `PUT {owner}/{id}/{related}` (e.g. '/campaigns/{id}/products'). */
export type RelationPath = Extract<
  PathsWithMethod<'get'> & PathsWithMethod<'put'>,
  `/${string}/{id}/${string}`
>;

/** What a relation answers: the owner's id and the linked ids, ascending. */
export type RelationData<P extends RelationPath = RelationPath> = OperationData<P, 'get'>;
/** Body of a relation save: the complete list to keep (may be empty). */
export type RelationBody<P extends RelationPath = RelationPath> = OperationBody<P, 'put'>;

/** The owner and related resource paths of a relation path ('/campaigns', '/products'). */
export function relationParts(path: RelationPath): { owner: string; related: string } {
  const [owner = '', related = ''] = path.split('/{id}');
  return { owner, related };
}

/** Variables of a relation save. */
export interface SetRelationVariables {
  id: EntityId;
  relatedIds: number[];
}

/**
 * `PUT {owner}/{id}/{related}`: replaces the linked ids. On success the owner's and the related
 * resource's queries are refetched (a campaign's products show in both lists).
 */
export function setRelationMutationOptions<P extends RelationPath>(path: P) {
  const { owner, related } = relationParts(path);
  return mutationOptions({
    mutationKey: [owner, 'relation', related, 'set'],
    mutationFn: async ({ id, relatedIds }: SetRelationVariables, context) => {
      // Every relation's body is `{ relatedIds }`; `P` is generic here.
      const body = { relatedIds } as RelationBody<P>;
      const data: RelationData<P> = await callApi('put', path, { path: { id }, body });
      await invalidateResources(context.client, [owner, related]);
      return data;
    },
  });
}

/** A list row or detail of each master-data resource, as the contract names them. */
export type Profile = Schemas['Profile'];
export type ProfileDetail = Schemas['ProfileDetail'];
export type ProfileInput = Schemas['ProfileInput'];
/** The row and body of every plain name/description/isActive resource (brands, categories). */
export type NamedRecord = Schemas['NamedRecord'];
export type NamedRecordInput = Schemas['NamedRecordInput'];
export type Brand = NamedRecord;
export type BrandInput = NamedRecordInput;
export type Category = NamedRecord;
export type CategoryInput = NamedRecordInput;
export type Subcategory = Schemas['Subcategory'];
export type SubcategoryInput = Schemas['SubcategoryInput'];
export type Client = Schemas['Client'];
export type ClientDetail = Schemas['ClientDetail'];
export type ClientInput = Schemas['ClientInput'];
export type Region = Schemas['Region'];
export type RegionInput = Schemas['RegionInput'];
export type Campaign = Schemas['Campaign'];
export type CampaignDetail = Schemas['CampaignDetail'];
export type CampaignInput = Schemas['CampaignInput'];
export type PointOfSale = Schemas['PointOfSale'];
export type PointOfSaleDetail = Schemas['PointOfSaleDetail'];
export type PointOfSaleInput = Schemas['PointOfSaleInput'];
export type Product = Schemas['Product'];
export type ProductInput = Schemas['ProductInput'];
export type User = Schemas['User'];
export type UserCreateInput = Schemas['UserCreateInput'];
export type UserUpdateInput = Schemas['UserUpdateInput'];
