import { describe, expect, it } from 'vitest';
import { bySpecificity, requestPath, resourcePath, samePath } from './path-template.js';

// OAS 3.0.3 §4.7.8: templates differing only in their parameters' names are the same path; a
// fragment is never sent (RFC 3986 §3.5).
describe('samePath', () => {
  it.each([
    ['/v2/boards/{board_id}/items', '/v2/boards/{board_id_PlatformTags}/items', true],
    ['/Files/{FileId}', '/Files/{FolderId}', true],
    ['/files/{id}#get_shared_link', '/files/{file}', true],
    ['/pets/{id}', '/pets/{id}/photos', false],
    ['/pets/{id}', '/pets/mine', false],
  ])('%s and %s are one path: %s', (a, b, same) => {
    expect(samePath(a) === samePath(b)).toBe(same);
  });
});

describe('requestPath', () => {
  it.each([
    ['/profilingGroups#clientToken', '/profilingGroups'],
    ['/#Action=BuildSuggesters', '/'],
    ['/files/{id}#get_shared_link', '/files/{id}'],
    ['/pets/{id}', '/pets/{id}'],
  ])('%s is sent as %s', (template, sent) => {
    expect(requestPath(template)).toBe(sent);
  });
});

describe('resourcePath', () => {
  it.each([
    ['/api/v1/tasks/', '/api/v1/tasks'],
    ['/profilingGroups#clientToken', '/profilingGroups'],
    ['/', '/'],
    ['/#Action=X', '/'],
    ['/tasks/{id}', '/tasks/{id}'],
  ])('%s names the resource at %s', (template, path) => {
    expect(resourcePath(template)).toBe(path);
  });
});

// A router tries the more specific of two templates that could both match one request first.
describe('bySpecificity', () => {
  it.each([
    ['/v1/{resource}:setIamPolicy', '/v1/{name}'],
    ['/api/Section/{sectionId},{step}', '/api/Section/{sectionId}'],
    ['/pets/mine', '/pets/{id}'],
    ['/pets/{id}.json', '/pets/{id}'],
    ['/a/{x}/b', '/a/{x}/{y}'],
  ])('%s before %s', (first, second) => {
    expect(bySpecificity(first, second)).toBeLessThan(0);
    expect([second, first].sort(bySpecificity)).toEqual([first, second]);
  });
});
